import HitTestKit

/// The built-in scene that `hittest query` uses when no scene is given: the source
/// articles' demo, ViewOne > ViewTwo > ViewThree in a view controller inside a navigation
/// controller, so that the trace and the responder chain read as their logs do.
/// Try `--at 60,140` (ViewTwo, outside ViewThree) or `--at 120,200` (ViewThree).
enum DemoScene {
    static let json = """
        {
          "format": "hittest-scene/1",
          "screen": {"width": 390, "height": 844},
          "application": {"class": "UIApplication", "delegate": "AppDelegate"},
          "windows": [
            {"id": "main", "level": 0, "frame": [0, 0, 390, 844], "subviews": [
              {"id": "UILayoutContainerView", "class": "UILayoutContainerView", "frame": [0, 0, 390, 844],
               "viewController": "UINavigationController", "subviews": [
                {"id": "UINavigationTransitionView", "class": "UINavigationTransitionView",
                 "frame": [0, 0, 390, 844], "subviews": [
                  {"id": "UIViewControllerWrapperView", "class": "UIViewControllerWrapperView",
                   "frame": [0, 0, 390, 844], "subviews": [
                    {"id": "rootView", "frame": [0, 0, 390, 844], "viewController": "HitTestViewController",
                     "subviews": [
                      {"id": "ViewOne", "class": "ViewOne", "frame": [20, 100, 300, 300], "subviews": [
                        {"id": "ViewTwo", "class": "ViewTwo", "frame": [20, 20, 200, 200], "subviews": [
                          {"id": "ViewThree", "class": "ViewThree", "frame": [50, 50, 100, 100]}
                        ]}
                      ]}
                    ]}
                  ]}
                ]}
              ]}
            ]}
          ]
        }
        """

    static let scene: Scene = {
        do {
            return try Scene.load(json: json)
        } catch {
            fatalError("the built-in demo scene is invalid: \(error)")
        }
    }()
}
