from motley.cli.main import main

raise SystemExit(main())
