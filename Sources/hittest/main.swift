import HitTestCLI

HitTestCLIMain.run()
