from tfgpu_wizard.cli import main

raise SystemExit(main())
