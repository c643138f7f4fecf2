/// The ten dumps of `Tests/Fixtures/recursive-description/` (see its SOURCES.md), byte for
/// byte, as Swift strings.
enum Fixtures {
    /// `01-ios5-pimped-mail-compose.txt`
    static let f01 = #"""
        'MFMailComposeViewController:0x7ea0420' 1 child[MFMailComposeController:0x89b0220 ] <UILayoutContainerView: 0x8b97e70; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x8b97ec0>>
           | <UINavigationTransitionView: 0x89b1460; frame = (0 0; 320 480); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x89b1500>>
           |    | <UIViewControllerWrapperView: 0x7e77990; frame = (0 64; 320 416); autoresize = W+H; layer = <CALayer: 0x7e98af0>>
           |    |    | 'MFMailComposeController:0x89b0220' <MFMailComposeView: 0x89b4410; baseClass = UITransitionView; frame = (0 0; 320 416); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x89b4530>>
           |    |    |    | <UIView: 0x89b1d50; frame = (0 0; 320 416); autoresize = W+H; layer = <CALayer: 0x898d130>>
           |    |    |    |    | <MFComposeScrollView: 0x89b4780; baseClass = UIScrollView; frame = (0 0; 320 416); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x89b4940>; contentOffset: {0, 0}>
           |    |    |    |    |    | <UIView: 0x89b56d0; frame = (0 0; 320 132); clipsToBounds = YES; autoresize = W; layer = <CALayer: 0x89b5700>>
           |    |    |    |    |    |    | <MFMailComposeRecipientView: 0x89b5d70; frame = (0 0; 320 44); text = ''; autoresize = W; layer = <CALayer: 0x89b5e70>>
           |    |    |    |    |    |    |    | <UIView: 0x89b5500; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x89b5e40>>
           |    |    |    |    |    |    |    | <_MFMailRecipientTextField: 0x89b5fe0; baseClass = UITextField; frame = (45 12; 275 25); text = ''; clipsToBounds = YES; opaque = NO; autoresize = W; layer = <CALayer: 0x89b4f30>>
           |    |    |    |    |    |    |    | <MFHeaderLabelView: 0x89b9350; frame = (8 10; 25 21); autoresize = RM+BM; layer = <CALayer: 0x89b9510>>
           |    |    |    |    |    |    | XX (<MFMailComposeRecipientView: 0x89bc020; frame = (0 44; 320 44); text = ''; alpha = 0; autoresize = W; layer = <CALayer: 0x89bc0b0>>)
           |    |    |    |    |    |    |    | XX (<UIView: 0x89bc100; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x89bc130>>)
           |    |    |    |    |    |    |    | XX (<_MFMailRecipientTextField: 0x89bc240; baseClass = UITextField; frame = (46 12; 274 25); text = ''; clipsToBounds = YES; opaque = NO; autoresize = W; layer = <CALayer: 0x89bc360>>)
           |    |    |    |    |    |    |    | XX (<MFHeaderLabelView: 0x89b6420; frame = (8 10; 26 21); autoresize = RM+BM; layer = <CALayer: 0x89b7d80>>)
           |    |    |    |    |    |    | XX (<MFMailComposeRecipientView: 0x89bd9a0; frame = (0 44; 320 44); text = ''; alpha = 0; autoresize = W; layer = <CALayer: 0x89bda30>>)
           |    |    |    |    |    |    |    | XX (<UIView: 0x89bda80; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x89bdab0>>)
           |    |    |    |    |    |    |    | XX (<_MFMailRecipientTextField: 0x89bdbc0; baseClass = UITextField; frame = (54 12; 266 25); text = ''; clipsToBounds = YES; opaque = NO; autoresize = W; layer = <CALayer: 0x89bdce0>>)
           |    |    |    |    |    |    |    | XX (<MFHeaderLabelView: 0x89bede0; frame = (8 10; 34 21); autoresize = RM+BM; layer = <CALayer: 0x89bee20>>)
           |    |    |    |    |    |    | XX (<MFComposeFromView: 0x89bf580; frame = (0 44; 320 44); alpha = 0; autoresize = W; layer = <CALayer: 0x89bf620>>)
           |    |    |    |    |    |    |    | XX (<UIView: 0x89bf7b0; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x89bf7e0>>)
           |    |    |    |    |    |    |    | XX (<MFHeaderLabelView: 0x89bf520; frame = (8 10; 45 21); autoresize = RM+BM; layer = <CALayer: 0x89bfd10>>)
           |    |    |    |    |    |    |    | XX (<UITextLabel: 0x89d2e70; frame = (57 9; 263 25); text = 'Example User <example@me....'; clipsToBounds = YES; autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x89d2f10>>)
           |    |    |    |    |    |    | <MFComposeSubjectView: 0x89bffa0; frame = (0 88; 320 44); autoresize = W; layer = <CALayer: 0x89c0020>>
           |    |    |    |    |    |    |    | <UIView: 0x89c01b0; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x89c01e0>>
           |    |    |    |    |    |    |    | <MFHeaderLabelView: 0x89bff20; frame = (8 10; 62 21); autoresize = RM+BM; layer = <CALayer: 0x89bff60>>
           |    |    |    |    |    |    |    | <UITextField: 0x89c0710; frame = (76 12; 236 25); clipsToBounds = YES; opaque = NO; layer = <CALayer: 0x89bfff0>>
           |    |    |    |    |    |    | <MFComposeMultiView: 0x7e97270; frame = (0 44; 320 44); autoresize = W; layer = <CALayer: 0x7e97320>>
           |    |    |    |    |    |    |    | <UIView: 0x7e97500; frame = (0 43; 320 1); autoresize = W; layer = <CALayer: 0x7e97530>>
           |    |    |    |    |    |    |    | <MFHeaderLabelView: 0x7e97700; frame = (8 10; 59 21); autoresize = RM+BM; layer = <CALayer: 0x7e97740>>
           |    |    |    |    |    |    |    | <UILabel: 0x7e97770; frame = (73 9; 239 25); clipsToBounds = YES; userInteractionEnabled = NO; layer = <CALayer: 0x7e978c0>>
           |    |    |    |    |    | <MFComposeTextContentView: 0x89cf930; baseClass = UITextContentView; frame = (0 132; 320 284); text = '

        Sent from my iPhone'; autoresize = W+H; layer = <CALayer: 0x8bae120>>
           |    |    |    |    |    |    | <MFComposeBodyField: 0x832f200; baseClass = UIWebDocumentView; frame = (0 0; 320 284); text = '

        Sent from my iPhone'; opaque = NO; layer = <UIWebLayer: 0x7e988e0>>
           |    |    |    |    |    |    |    | <TileHostLayer: 0x89b2d70> (layer)
           |    |    |    |    |    |    |    |    | <TileLayer: 0x7e985c0> (layer)
           |    |    |    |    |    | XX (<UIImageView: 0x8dc6cc0; frame = (1 408; 318 7); alpha = 0; opaque = NO; autoresize = TM; userInteractionEnabled = NO; layer = <CALayer: 0x8dc6d30>>) - (null)
           |    |    |    |    |    | XX (<UIImageView: 0x8dc6d60; frame = (312 1; 7 384); alpha = 0; opaque = NO; autoresize = LM; userInteractionEnabled = NO; animations = { opacity=<CABasicAnimation: 0x89cea00>; }; layer = <CALayer: 0x8dc6dd0>>) - (null)
           | <UINavigationBar: 0x89b04f0; frame = (0 20; 320 44); autoresize = W; layer = <CALayer: 0x89b0a80>>
           |    | <UINavigationBarBackground: 0x89b0cb0; frame = (0 0; 320 44); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b0d40>> - (null)
           |    | <UINavigationItemView: 0x89b11d0; frame = (93 8; 133 27); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b1220>>
           |    | <UINavigationButton: 0x89b1bf0; frame = (5 7; 60 30); opaque = NO; layer = <CALayer: 0x89b1d80>>
           |    |    | <UIImageView: 0x89b2590; frame = (0 0; 60 30); clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b25d0>> - (null)
           |    |    | <UIButtonLabel: 0x89b20e0; frame = (10 7; 40 15); text = 'Cancel'; clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b2150>>
           |    | <UINavigationButton: 0x89b2020; frame = (265 7; 50 30); opaque = NO; layer = <CALayer: 0x89b1ae0>>
           |    |    | <UIImageView: 0x89b1020; frame = (0 0; 50 30); clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b2b00>> - (null)
           |    |    | <UIButtonLabel: 0x89b1560; frame = (10 7; 30 15); text = 'Send'; clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x89b15d0>>
        """# + "\n"

    /// `02-ios6-pimped-remote-view-scaled.txt`
    static let f02 = #"""
        'MFMailComposeViewController:0x1e04f6d0' 1 child[MFMailComposeInternalViewController:0x1e02dfd0 ] <UILayoutContainerView: 0x1e04ffe0; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x1e0500a0>>
           | <UINavigationTransitionView: 0x1d57f6a0; frame = (0 0; 320 480); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x1d57f770>>
           |    | <UIViewControllerWrapperView: 0x1e04f600; frame = (0 20; 320 460); autoresize = W+H; layer = <CALayer: 0x1e0241f0>>
           |    |    | 'MFMailComposeInternalViewController:0x1e02dfd0' 1 child[MFMailComposeRemoteViewController:0x1e055230 ] <UIView: 0x1e05f9a0; frame = (0 0; 320 460); autoresize = W+H; layer = <CALayer: 0x1e05fa00>>
           |    |    |    | 'MFMailComposeRemoteViewController:0x1e055230' <_UISizeTrackingView: 0x1e05c030; frame = (0 0; 320 460); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x1e05c110>>
           |    |    |    |    | <_UIRemoteView: 0x1e05c300; frame = (0 0; 320 480); transform = [0.5, -0, 0, 0.5, -0, 0]; userInteractionEnabled = NO; layer = <CALayerHost: 0x1e05c460>>
        """# + "\n"

    /// `03-ios7-navbar-transform.txt`
    static let f03 = #"""
        <CustomNavigationBar: 0x1369bad0; baseClass = UINavigationBar; frame = (0 8; 320 56); transform = [1, 0, 0, 1, 0, -12]; autoresize = W; userInteractionEnabled = NO; gestureRecognizers = <NSArray: 0x1369bff0>; layer = <CALayer: 0x1369bbf0>>
           | <_UINavigationBarBackground: 0x1369bd40; frame = (0 -8; 320 76); autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x1369b950>> - (null)
           |    | <UIImageView: 0x1369be10; frame = (0 76; 320 0.5); userInteractionEnabled = NO; layer = <CALayer: 0x1369bea0>> - (null)
           | <UINavigationButton: 0x1369e3b0; frame = (5 18; 44 30); opaque = NO; layer = <CALayer: 0x1369e4d0>>
           |    | <UIImageView: 0x1369f470; frame = (11 4; 22 22); clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x1369f500>> - (null)
           | <UIView: 0x1369fe60; frame = (55 5; 224 58); layer = <CALayer: 0x1369fec0>>
           |    | <UIImageView: 0x1369ff20; frame = (2 15; 36 36); clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x1369ffb0>> - (null)
           |    | <UILabel: 0x136a0000; frame = (43 18; 156 14); text = '11 Cards'; clipsToBounds = YES; userInteractionEnabled = NO; layer = <CALayer: 0x136a02f0>>
           |    | <UILabel: 0x136a03c0; frame = (45 33; 154 13); text = '2 weeks ago'; clipsToBounds = YES; userInteractionEnabled = NO; layer = <CALayer: 0x136a0460>>
           | <_UINavigationBarBackIndicatorView: 0x12a711a0; frame = (8 24; 12.5 20.5); alpha = 0; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x12a71280>> - Back
        """# + "\n"

    /// `04-ios9-frida-tabbar.txt`
    static let f04 = #"""
        <UIWindow: 0x1667e520; frame = (0 0; 320 480); gestureRecognizers = <NSArray: 0x16681870>; layer = <UIWindowLayer: 0x16680c10>>
           | <UILayoutContainerView: 0x1659c390; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x1659c960>>
           |    | <UITransitionView: 0x1659cdf0; frame = (0 0; 320 480); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x165711d0>>
           |    |    | <UIViewControllerWrapperView: 0x165b85c0; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x1659f700>>
           |    |    |    | <UIView: 0x165a3e50; frame = (0 0; 320 480); autoresize = W+H; gestureRecognizers = <NSArray: 0x165b07e0>; layer = <CALayer: 0x165b8270>>
           |    |    |    |    | <UIImageView: 0x165b6310; frame = (-268 1; 804 617); autoresize = RM+BM; userInteractionEnabled = NO; layer = <CALayer: 0x165b6250>>
           |    |    |    |    | <UITextField: 0x16679470; frame = (82 337; 162 30); text = ''; clipsToBounds = YES; opaque = NO; autoresize = RM+BM; gestureRecognizers = <NSArray: 0x165c0de0>; layer = <CALayer: 0x1666df70>>
           |    |    |    |    |    | <_UITextFieldRoundedRectBackgroundViewNeue: 0x165afa40; frame = (0 0; 162 30); opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <CALayer: 0x165afc50>>
           |    |    |    |    | <UILabel: 0x165a3890; frame = (82 300; 210 21); text = 'HEYYEYAAEYAAAEYAEYAA'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x165ae5b0>>
           |    |    |    |    | <UILabel: 0x1659f040; frame = (125 20; 125 43); text = 'Level 2'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x1659f150>>
           |    |    |    |    | <UIButton: 0x165ae270; frame = (257 337; 37 30); opaque = NO; autoresize = RM+BM; layer = <CALayer: 0x165ae580>>
           |    |    |    |    |    | <UIButtonLabel: 0x165b6530; frame = (0.5 6; 36.5 18); text = 'Done'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x165bda30>>
           |    |    |    |    | <UITextView: 0x16aed600; frame = (67 424; 240 128); text = 'Learn how to hide your fe...'; clipsToBounds = YES; autoresize = RM+BM; gestureRecognizers = <NSArray: 0x165b4950>; layer = <CALayer: 0x165b0eb0>; contentOffset: {0, 0}; contentSize: {240, 33}>
           |    |    |    |    |    | <<_UITextContainerView: 0x165b7a30; frame = (0 0; 240 33); layer = <_UITextTiledLayer: 0x165b7d20>> minSize = {0, 0}, maxSize = {3.4028235e+38, 3.4028235e+38}, textContainer = <NSTextContainer: 0x165b55f0 size = (240.000000,340282346638528859811704183484516925440.000000); widthTracksTextView = YES; heightTracksTextView = NO>; exclusionPaths = 0x1665a330; lineBreakMode = 0>
           |    |    |    |    |    |    | <_UITileLayer: 0x165a3710> (layer)
           |    |    |    |    |    | <UIImageView: 0x165c2330; frame = (3 122.5; 234 2.5); alpha = 0; opaque = NO; autoresize = TM; userInteractionEnabled = NO; layer = <CALayer: 0x165c2440>>
           |    |    |    |    |    | <UIImageView: 0x165c2880; frame = (234.5 98; 2.5 27); alpha = 0; opaque = NO; autoresize = LM; userInteractionEnabled = NO; layer = <CALayer: 0x165c2960>>
           |    |    |    |    | <_UILayoutGuide: 0x165a0140; frame = (0 0; 0 20); hidden = YES; layer = <CALayer: 0x1659f840>>
           |    |    |    |    | <_UILayoutGuide: 0x165a02c0; frame = (0 431; 0 49); hidden = YES; layer = <CALayer: 0x165a0390>>
           |    | <UITabBar: 0x16675a60; frame = (0 431; 320 49); autoresize = W+TM; layer = <CALayer: 0x16671aa0>>
           |    |    | <_UITabBarBackgroundView: 0x1657bae0; frame = (0 0; 320 49); autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x16578270>>
           |    |    |    | <_UIBackdropView: 0x165a1c20; frame = (0 0; 320 49); opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <_UIBackdropViewLayer: 0x165a1fb0>>
           |    |    |    |    | <_UIBackdropEffectView: 0x165a2a30; frame = (0 0; 320 49); clipsToBounds = YES; opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <CABackdropLayer: 0x165a2cf0>>
           |    |    |    |    | <UIView: 0x165a3450; frame = (0 0; 320 49); hidden = YES; opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <CALayer: 0x165a3510>>
           |    |    | <UITabBarButton: 0x1666ae20; frame = (2 1; 76 48); opaque = NO; layer = <CALayer: 0x16593ed0>>
           |    |    |    | <UITabBarSwappableImageView: 0x165945c0; frame = (23 3; 30 30); opaque = NO; userInteractionEnabled = NO; tintColor = UIDeviceWhiteColorSpace 0.572549 1; layer = <CALayer: 0x16594820>>
           |    |    |    | <UITabBarButtonLabel: 0x1667b0f0; frame = (21.5 35; 33 12); text = 'Level 1'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x16672f90>>
           |    |    | <UITabBarButton: 0x16597190; frame = (82 1; 76 48); opaque = NO; layer = <CALayer: 0x165974c0>>
           |    |    |    | <UITabBarSwappableImageView: 0x16597730; frame = (22.5 3; 30 30); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x16597650>>
           |    |    |    | <UITabBarButtonLabel: 0x165972d0; frame = (20.5 35; 34.5 12); text = 'Level 2'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x165739a0>>
           |    |    | <UITabBarButton: 0x16597d10; frame = (162 1; 76 48); opaque = NO; layer = <CALayer: 0x16598160>>
           |    |    |    | <UITabBarSwappableImageView: 0x16598370; frame = (22.5 3; 30 30); opaque = NO; userInteractionEnabled = NO; tintColor = UIDeviceWhiteColorSpace 0.572549 1; layer = <CALayer: 0x165982c0>>
           |    |    |    | <UITabBarButtonLabel: 0x16597f90; frame = (20.5 35; 34.5 12); text = 'Level 3'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x16597e70>>
           |    |    | <UITabBarButton: 0x16598b60; frame = (242 1; 76 48); opaque = NO; layer = <CALayer: 0x16598dd0>>
           |    |    |    | <UITabBarSwappableImageView: 0x16598fb0; frame = (23 3; 30 30); opaque = NO; userInteractionEnabled = NO; tintColor = UIDeviceWhiteColorSpace 0.572549 1; layer = <CALayer: 0x16598f60>>
           |    |    |    | <UITabBarButtonLabel: 0x16598ca0; frame = (20.5 35; 35 12); text = 'Level 4'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x16598570>>
           |    |    | <UIImageView: 0x165a3c30; frame = (0 -0.5; 320 0.5); autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x165a3d10>>
        """# + "\n"

    /// `05-ios11-monkeydev-textview.txt`
    static let f05 = #"""
        <UIWindow: 0x105313b60; frame = (0 0; 375 667); autoresize = W+H; gestureRecognizers = <NSArray: 0x1c425bae0>; layer = <UIWindowLayer: 0x1c40394e0>>
           | <UIView: 0x1053205d0; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x1c403bd80>>
           |    | <UILabel: 0x10531e7d0; frame = (102.5 45; 170 40); text = 'AloneMonkey'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x1c408c0d0>>
           |    | <UILabel: 0x1053207b0; frame = (97.5 110; 180 40); text = 'You are the best!!!'; opaque = NO; autoresize = RM+BM; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x1c408e150>>
           |    | <UITextView: 0x105836000; frame = (26 230; 343 427); text = '/opt/MonkeyDev/bin/md

        - ...'; clipsToBounds = YES; autoresize = RM+BM; gestureRecognizers = <NSArray: 0x1c0058fc0>; layer = <CALayer: 0x1c002f1a0>; contentOffset: {0, 0}; contentSize: {343, 317}; adjustedContentInset: {0, 0, 0, 0}>
           |    |    | <<_UITextContainerView: 0x105318060; frame = (0 0; 343 317); layer = <__UITextTiledLayer: 0x1c40c42f0>> minSize = {0, 0}, maxSize = {1.7976931348623157e+308, 1.7976931348623157e+308}, textContainer = <NSTextContainer: 0x1c0105fa0 size = (343.000000,inf); widthTracksTextView = YES; heightTracksTextView = NO>; exclusionPaths = 0x1c40025e0; lineBreakMode = 0>
           |    |    |    | <__UITileLayer: 0x1c0240780> (layer)
           |    |    |    | <__UITileLayer: 0x1c0240720> (layer)
           |    |    |    | <__UITileLayer: 0x1c0240a20> (layer)
           |    |    | <UIImageView: 0x105322260; frame = (3 421.5; 337 2.5); alpha = 0; opaque = NO; autoresize = TM; userInteractionEnabled = NO; layer = <CALayer: 0x1c403c620>>
           |    |    | <UIImageView: 0x105322490; frame = (337.5 380; 2.5 44); alpha = 0; opaque = NO; autoresize = LM; userInteractionEnabled = NO; layer = <CALayer: 0x1c403c6e0>>
           |    | <UIButton: 0x1053163b0; frame = (127.5 175; 120 30); opaque = NO; autoresize = RM+BM; layer = <CALayer: 0x1c4039aa0>>
           |    |    | <UIButtonLabel: 0x10540fcf0; frame = (2 6; 116.5 18); text = 'ShowChangeLog'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x1c0087b70>>
           |    | <_UILayoutGuide: 0x105320fa0; frame = (0 0; 0 20); hidden = YES; layer = <CALayer: 0x1c403bfe0>>
           |    | <_UILayoutGuide: 0x1053213a0; frame = (0 667; 0 0); hidden = YES; layer = <CALayer: 0x1c403bee0>>
        """# + "\n"

    /// `06-ios11-chisel-overlay.txt`
    static let f06 = #"""
        <UIWindow: 0x7f80f2e0f480; frame = (0 0; 414 736); gestureRecognizers = <NSArray: 0x6000011ecab0>; layer = <UIWindowLayer: 0x600001ffc660>>
           | <UITransitionView: 0x7f80f2e0ec70; frame = (0 0; 414 736); autoresize = W+H; layer = <CALayer: 0x600001fec9e0>>
           | <UIView: 0x7f80f2e10980; frame = (164.333 324; 45.6667 18); alpha = 0.5; tag = 140191808395632; layer = <CALayer: 0x600001ff1a80>>
           | <UITransitionView: 0x7f80f2e16990; frame = (0 0; 414 736); autoresize = W+H; layer = <CALayer: 0x600001ff1c20>>
           |    | <UIView: 0x7f80f2d11b40; frame = (0 0; 414 736); autoresize = W+H; layer = <CALayer: 0x600001fece40>>
           |    |    | <UIButton: 0x7f80f2d11820; frame = (164 318; 46 30); opaque = NO; autoresize = RM+BM; layer = <CALayer: 0x600001fece20>>
           |    |    |    | <UIButtonLabel: 0x7f80f2e17330; frame = (0.333333 6; 45.6667 18); text = 'Button'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600003c97b60>>
        """# + "\n"

    /// `07-ios14-whatsapp-baseclass-window.txt`
    static let f07 = #"""
        <WAWindow: 0x104b04f30; baseClass = UIWindow; frame = (0 0; 375 667); tintColor = UIExtendedSRGBColorSpace 0 0.478431 1 1; gestureRecognizers = <NSArray: 0x282694420>; layer = <UIWindowLayer: 0x282859d40>>
           | <UITransitionView: 0x104bf1c20; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x2828acdc0>>
           |    | <UILayoutContainerView: 0x1069665b0; frame = (0 0; 375 667); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x2826fd620>; layer = <CALayer: 0x2828ab8c0>>
           |    |    | <UINavigationTransitionView: 0x104bf0260; frame = (0 0; 375 667); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x2828ac880>>
           |    |    |    | <UIViewControllerWrapperView: 0x104b158a0; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x282877d00>>
           |    |    |    |    | <UIView: 0x104bc2870; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x2828ac600>>
           |    |    |    |    |    | <UIImageView: 0x104b2af00; frame = (56.5 80.5; 262.5 262.5); opaque = NO; userInteractionEnabled = NO; animations = { UIImageAnimation=<CAKeyframeAnimation: 0x282862880>; }; layer = <CALayer: 0x2828aca80>>
           |    |    |    |    |    | <UILabel: 0x106954e10; frame = (24 403.5; 327 33.5); text = '\u200e\u6b22\u8fce\u4f7f\u7528 WhatsApp'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x280b74230>>
           |    |    |    |    |    |    | <_UILabelContentLayer: 0x282865200> (layer)
           |    |    |    |    |    | <WALinkLabel: 0x106924530; baseClass = UILabel; frame = (16 457; 343 36); text = '\u200e\u8bf7\u9605\u8bfb\u6211\u4eec\u7684 \u9690\u79c1\u653f\u7b56\u3002\u70b9\u51fb \u201c\u200e\u540c\u610f\u5e76\u7ee7\u7eed\u201d ...'; layer = <_UILabelLayer: 0x280b75770>>
           |    |    |    |    |    |    | <_UILabelContentLayer: 0x282857e00> (layer)
           |    |    |    |    |    | <UIButton: 0x106924a70; frame = (16 529.5; 343 39); opaque = NO; layer = <CALayer: 0x2828a1420>>
           |    |    |    |    |    |    | <UIButtonLabel: 0x104b19cd0; frame = (116 6.5; 111.5 26.5); text = '\u200e\u540c\u610f\u5e76\u7ee7\u7eed'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x280b76a80>>
           |    |    |    |    |    |    |    | <_UILabelContentLayer: 0x2828a5520> (layer)
           |    |    |    |    |    | <UIView: 0x106923290; frame = (67.5 20; 240 60.5); layer = <CALayer: 0x2828a1c00>>
           |    |    |    |    |    | <UIView: 0x106926ee0; frame = (67.5 343; 240 60.5); layer = <CALayer: 0x2828a1d80>>
           |    |    |    |    |    | <UIView: 0x106904f20; frame = (67.5 493; 240 36.5); layer = <CALayer: 0x2828a1ec0>>
           |    |    |    |    |    | <UIView: 0x1069299f0; frame = (67.5 618.5; 240 48.5); layer = <CALayer: 0x2828a1fc0>>
        """# + "\n"

    /// `08-ios15-cycript-modal-sheet.txt`
    static let f08 = #"""
        <UITransitionView: 0x11f9059e0; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x280129300>>
           | <UIDimmingView: 0x107eac170; frame = (-375 -667; 1125 2001); opaque = NO; gestureRecognizers = <NSArray: 0x280f2c960>; layer = <CALayer: 0x280129340>>
           | <UIDropShadowView: 0x107ed9e70; frame = (0 40; 375 627); gestureRecognizers = <NSArray: 0x280f2f810>; layer = <CALayer: 0x2801289c0>>
           |    | <_UIRoundedRectShadowView: 0x107e51ab0; frame = (-150 -150; 675 927); alpha = 0; opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <CALayer: 0x280129180>>
           |    | <UIView: 0x107e812f0; frame = (0 0; 375 627); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x280128160>>
           |    |    | <UIView: 0x107ed6ff0; frame = (0 0; 375 627); autoresize = W+H; layer = <CALayer: 0x280128c00>>
           |    |    |    | <UILayoutContainerView: 0x107ece570; frame = (0 0; 375 627); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x280f2f060>; layer = <CALayer: 0x280128940>>
           |    |    |    |    | <UINavigationTransitionView: 0x107e3fc00; frame = (0 0; 375 627); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x280128560>>
           |    |    |    |    |    | <UIViewControllerWrapperView: 0x107dd34a0; frame = (0 0; 375 627); layer = <CALayer: 0x2801f4200>>
           |    |    |    |    |    |    | <AAUIBuddyView: 0x107d85760; frame = (0 0; 375 627); layer = <CALayer: 0x2801f5a60>>
           |    |    |    |    |    |    |    | <UITableView: 0x1081a0600; frame = (0 0; 375 627); gestureRecognizers = <NSArray: 0x280fd3de0>; layer = <CALayer: 0x2801f6760>; contentOffset: {0, -56}; contentSize: {375, 524.5}; adjustedContentInset: {56, 0, 0, 0}; dataSource: <AAUISignInViewController: 0x107ec9ab0>>
           |    |    |    |    |    |    |    |    | <UITableViewCell: 0x107d3ed10; frame = (0 155; 375 60); text = 'Apple ID'; autoresize = W; layer = <CALayer: 0x2801f45a0>>
           |    |    |    |    |    |    |    |    |    | <_UISystemBackgroundView: 0x107daee70; frame = (0 0; 375 60); layer = <CALayer: 0x2801f5040>; configuration = <UIBackgroundConfiguration: 0x283593480; Base Style = List Grouped Cell; backgroundColor = <UIDynamicSystemColor: 0x2815b4ac0; name = tableCellGroupedBackgroundColor>>>
           |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107daf030; frame = (0 0; 375 60); layer = <CALayer: 0x2801f4d80>>
           |    |    |    |    |    |    |    |    |    | <UITableViewCellContentView: 0x107dad8d0; frame = (0 0; 375 60); gestureRecognizers = <NSArray: 0x280fff2a0>; layer = <CALayer: 0x2801f5320>>
           |    |    |    |    |    |    |    |    |    |    | <UITableViewLabel: 0x107dadf20; frame = (16 19; 66.5 20.5); text = 'Apple ID'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823db250>>
           |    |    |    |    |    |    |    |    |    |    | <UITextField: 0x10814f400; frame = (114 19; 245 22); gestureRecognizers = <NSArray: 0x280ffc630>; placeholder = \u7535\u5b50\u90ae\u4ef6\u6216\u7535\u8bdd; borderStyle = None; background = <_UITextFieldNoBackgroundProvider: 0x2802b7ef0: textfield=<UITextField 0x10814f400>>; layer = <CALayer: 0x2801f5300>>
           |    |    |    |    |    |    |    |    |    |    |    | <UITextFieldLabel: 0x107dadc40; frame = (0 1; 245 20.5); text = '\u7535\u5b50\u90ae\u4ef6\u6216\u7535\u8bdd'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823db1b0>>
           |    |    |    |    |    |    |    |    |    |    |    | <_UITextLayoutCanvasView: 0x107dac8b0; frame = (0 0; 245 22); userInteractionEnabled = NO; layer = <CALayer: 0x2801f68a0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <_UITextLayoutFragmentView: 0x107dc3670; frame = (0 17; 0 1); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801ed380>>
           |    |    |    |    |    |    |    |    |    | <_UITableViewCellSeparatorView: 0x107d49c00; frame = (0 59.5; 375 0.5); layer = <CALayer: 0x2801ec1a0>>
           |    |    |    |    |    |    |    |    |    | <_UITableViewCellSeparatorView: 0x107d49da0; frame = (0 0; 375 0.5); layer = <CALayer: 0x2801ee500>>
           |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x107e653c0; frame = (3 565; 369 3); alpha = 0; autoresize = TM; layer = <CALayer: 0x28041dbc0>>
           |    |    |    |    |    |    |    |    |    | <UIView: 0x107ee4c10; frame = (0 0; 369 3); layer = <CALayer: 0x28041e6e0>>
           |    |    |    |    |    |    |    |    | <UITableViewHeaderFooterView: 0x107dc4a40; frame = (0 0; 375 155); text = ''; autoresize = W; layer = <CALayer: 0x2801ef920>>
           |    |    |    |    |    |    |    |    |    | <_UISystemBackgroundView: 0x107d725f0; frame = (0 0; 375 155); layer = <CALayer: 0x2801ef380>; configuration = <UIBackgroundConfiguration: 0x283592e80; Base Style = List Grouped Header/Footer; backgroundColor = UIExtendedGrayColorSpace 0 0>>
           |    |    |    |    |    |    |    |    |    | <_UITableViewHeaderFooterContentView: 0x107dc4c70; frame = (0 0; 375 155); layer = <CALayer: 0x2801ecbe0>>
           |    |    |    |    |    |    |    |    |    |    | <AAUIHeaderView: 0x107e67860; frame = (0 0; 375 155); layer = <CALayer: 0x280128ec0>>
           |    |    |    |    |    |    |    |    |    |    |    | <UIStackView: 0x107ea34c0; frame = (16 0; 343 119); layer = <CALayer: 0x280129ae0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <AAUILabel: 0x107e7a630; baseClass = UILabel; frame = (0 0; 343 42); text = 'Apple ID'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823d10e0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <AAUILabel: 0x107ecda40; baseClass = UILabel; frame = (0 53.5; 343 65.5); text = '\u4f7f\u7528Apple\xa0ID\u767b\u5f55\u4ee5\u4f7f\u7528iCloud\u548c\u5176\u4ed6A...'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823d0dc0>>
           |    |    |    |    |    |    |    |    | <UITableViewHeaderFooterView: 0x107d8c370; frame = (0 215; 375 309.5); text = ''; autoresize = W; layer = <CALayer: 0x2801e9a60>>
           |    |    |    |    |    |    |    |    |    | <_UISystemBackgroundView: 0x107db9210; frame = (0 0; 375 309.5); layer = <CALayer: 0x2801eb1a0>; configuration = <UIBackgroundConfiguration: 0x28358c780; Base Style = List Grouped Header/Footer; backgroundColor = UIExtendedGrayColorSpace 0 0>>
           |    |    |    |    |    |    |    |    |    | <_UITableViewHeaderFooterContentView: 0x107d740c0; frame = (0 0; 375 309.5); layer = <CALayer: 0x2801ea3c0>>
           |    |    |    |    |    |    |    |    |    |    | <AAUIBuddyView: 0x107d570d0; frame = (0 0; 375 309.5); layer = <CALayer: 0x2801ef880>>
           |    |    |    |    |    |    |    |    |    |    |    | <UIStackView: 0x107d4eff0; frame = (16 23.5; 343 286); layer = <CALayer: 0x2801ef2c0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <AAUIButton: 0x107d9de50; baseClass = UIButton; frame = (90.5 0; 162.5 20.5); opaque = NO; layer = <CALayer: 0x2801ee320>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIButtonLabel: 0x107d906d0; frame = (-0.5 -0.5; 163 21); text = '\u6ca1\u6709\u6216\u5fd8\u8bb0Apple ID\uff1f'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823cc050>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <AAUIServiceIconView: 0x107d909c0; frame = (26.5 66.5; 290 40); layer = <CALayer: 0x2801edc60>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIStackView: 0x107d90b40; frame = (0 0; 290 40); layer = <CALayer: 0x2801ede40>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107d96650; frame = (0 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801edce0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107de6150; frame = (50 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801ef560>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107de6460; frame = (100 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801ed480>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107dd1400; frame = (150 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801ef2a0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107d8e4a0; frame = (200 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801ecea0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIImageView: 0x107d2a390; frame = (250 0; 40 40); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801edea0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <AAUITextView: 0x104008200; baseClass = UITextView; frame = (14 122.5; 315.5 54.5); text = 'Apple ID\u662f\u60a8\u7528\u4e8e\u8bbf\u95ee\u6240\u6709Apple\u670d\u52a1\u7684\u5e10...'; clipsToBounds = YES; gestureRecognizers = <NSArray: 0x280fd6a90>; layer = <CALayer: 0x2801f9fa0>; contentOffset: {0, 0}; contentSize: {315.5, 54.5}; adjustedContentInset: {0, 0, 0, 0}>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UITextLayoutView: 0x102e044a0; frame = (0 0; 0 0); layer = <CALayer: 0x2801fadc0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <<_UITextContainerView: 0x102e24f50; frame = (0 0; 315.5 54.5); layer = <CALayer: 0x2801fbe60>> minSize = {0, 54.5}, maxSize = {315.5, 54.5}, textContainer = <NSTextContainer: 0x283188000 size = (315.500000,38.500000); widthTracksTextView = YES; heightTracksTextView = YES>; exclusionPaths = 0x1f78db500; lineBreakMode = 0>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UITextViewCanvasView: 0x102e20e60; frame = (0 0; 315.5 54.5); userInteractionEnabled = NO; layer = <_UITextTiledLayer: 0x2832ae7f0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x107ec3260; frame = (3 48.5; 309.5 3); alpha = 0; autoresize = TM; layer = <CALayer: 0x28041c3e0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107eb14b0; frame = (0 0; 309.5 3); layer = <CALayer: 0x28041d5e0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x107e518f0; frame = (309.5 3; 3 48.5); alpha = 0; autoresize = LM; layer = <CALayer: 0x28041d600>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107ead220; frame = (0 0; 3 48.5); layer = <CALayer: 0x28041c2a0>>
           |    |    |    |    |    |    |    |    |    |    |    |    | <OBPrivacyLinkButton: 0x107d6a250; baseClass = UIButton; frame = (0 193; 343 93); opaque = NO; layer = <CALayer: 0x2801e8a60>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107d6a550; frame = (0 0; 343 93); userInteractionEnabled = NO; layer = <CALayer: 0x2801ea7c0>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UITextView: 0x108214800; frame = (1 29.5; 341.5 63.5); text = '\u60a8\u7684Apple\xa0ID\u4fe1\u606f\u7528\u4e8e\u767b\u5f55\u65f6\u542f\u7528Apple\u670d...'; clipsToBounds = YES; userInteractionEnabled = NO; gestureRecognizers = <NSArray: 0x280fe3e40>; layer = <CALayer: 0x2801eaf60>; contentOffset: {0, 0}; contentSize: {341.5, 63.5}; adjustedContentInset: {0, 0, 0, 0}>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UITextLayoutView: 0x107d77150; frame = (0 0; 0 0); layer = <CALayer: 0x2801e8120>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <<_UITextContainerView: 0x107d76da0; frame = (0 0; 341.5 63.5); layer = <CALayer: 0x2801e8160>> minSize = {0, 63.5}, maxSize = {341.5, 63.5}, textContainer = <NSTextContainer: 0x2831b3160 size = (341.500000,63.500000); widthTracksTextView = YES; heightTracksTextView = YES>; exclusionPaths = 0x1f78db500; lineBreakMode = 0>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UITextViewCanvasView: 0x107d76fb0; frame = (0 0; 341.5 63.5); userInteractionEnabled = NO; layer = <_UITextTiledLayer: 0x28328b840>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x11f9154a0; frame = (3 57.5; 335.5 3); alpha = 0; autoresize = TM; layer = <CALayer: 0x28041d740>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107eafe80; frame = (0 0; 335.5 3); layer = <CALayer: 0x28041c080>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x107ed65a0; frame = (335.5 3; 3 57.5); alpha = 0; autoresize = LM; layer = <CALayer: 0x28041c420>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <UIView: 0x107e9c4a0; frame = (0 0; 3 57.5); layer = <CALayer: 0x28041d900>>
           |    |    |    |    |    |    |    |    |    |    |    |    |    |    | <OBTintInheritingImageView: 0x107d77b30; baseClass = UIImageView; frame = (156.5 0; 30 24); opaque = NO; userInteractionEnabled = NO; tintColor = <UIDynamicSystemColor: 0x2815a6dc0; name = systemBlueColor>; layer = <CALayer: 0x2801eb9e0>>
           |    |    |    |    |    |    |    |    | <_UIScrollViewScrollIndicator: 0x107ec93b0; frame = (369 105.5; 3 462.5); alpha = 0; autoresize = LM; layer = <CALayer: 0x28041f0c0>>
           |    |    |    |    |    |    |    |    |    | <UIView: 0x107e1b0d0; frame = (0 0; 3 462.5); layer = <CALayer: 0x28041e5e0>>
           |    |    |    |    | <UINavigationBar: 0x107e957e0; frame = (0 0; 375 56); opaque = NO; autoresize = W; layer = <CALayer: 0x2801288e0>>
           |    |    |    |    |    | <_UIBarBackground: 0x107eadd90; frame = (0 0; 375 56); userInteractionEnabled = NO; layer = <CALayer: 0x2801288c0>>
           |    |    |    |    |    |    | <UIImageView: 0x107d99450; frame = (0 0; 375 56); alpha = 0; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801f4360>>
           |    |    |    |    |    |    | <_UIBarBackgroundShadowView: 0x11f908b20; frame = (0 56; 375 0); layer = <CALayer: 0x280129440>> clientRequestedContentView effect=none
           |    |    |    |    |    |    |    | <_UIBarBackgroundShadowContentImageView: 0x107eaa210; frame = (0 0; 375 0); alpha = 0; opaque = NO; autoresize = W+H; userInteractionEnabled = NO; layer = <CALayer: 0x280129100>>
           |    |    |    |    |    | <_UINavigationBarContentView: 0x107ed4fa0; frame = (0 0; 375 56); layer = <CALayer: 0x280128880>> layout=0x107e1a430
           |    |    |    |    |    |    | <_UIButtonBarStackView: 0x107df1d90; frame = (8 6; 46 44); layer = <CALayer: 0x2801f7520>> buttonBar=0x283fbc5a0
           |    |    |    |    |    |    |    | <_UIButtonBarButton: 0x107de7110; frame = (0 0; 46 44); tintColor = <UIDynamicSystemColor: 0x2815a6dc0; name = systemBlueColor>; gestureRecognizers = <NSArray: 0x280f2a3a0>; layer = <CALayer: 0x2801f4280>>
           |    |    |    |    |    |    |    |    | <_UIModernBarButton: 0x107ef1fd0; frame = (8 11; 38 21.5); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x280129b20>>
           |    |    |    |    |    |    |    |    |    | <UIButtonLabel: 0x107ed0070; frame = (0 1; 35 20.5); text = '\u53d6\u6d88'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823d26c0>>
           |    |    |    |    |    |    | <_UIButtonBarStackView: 0x107dccc80; frame = (307 6; 60 44); layer = <CALayer: 0x2801f4440>> buttonBar=0x283fbc4b0
           |    |    |    |    |    |    |    | <_UIButtonBarButton: 0x107d2b8b0; frame = (0 0; 60 44); tintColor = <UIDynamicSystemColor: 0x2815a6dc0; name = systemBlueColor>; gestureRecognizers = <NSArray: 0x280fd3420>; layer = <CALayer: 0x2801f7280>>
           |    |    |    |    |    |    |    |    | <_UIModernBarButton: 0x107db1ef0; frame = (0 11; 52 21.5); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x2801f5f00>>
           |    |    |    |    |    |    |    |    |    | <UIButtonLabel: 0x107d37c60; frame = (0 1; 52 20.5); text = '\u4e0b\u4e00\u6b65'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2823d9f40>>
           |    |    |    |    |    | <UIView: 0x107e097a0; frame = (0 0; 0 0); userInteractionEnabled = NO; layer = <CALayer: 0x2801296e0>>
        """# + "\n"

    /// `09-ios17-sentry-rotated-cover.txt`
    static let f09 = #"""
        <UIView: 0x11cc1e820; frame = (0 0; 100 100); layer = <CALayer: 0x600000cc8b70>>
          | <UILabel: 0x11ca06500; frame = (20 20; 40 40); userInteractionEnabled = NO; backgroundColor = UIExtendedGrayColorSpace 0 0; layer = <_UILabelLayer: 0x600002c47c00>>
          | <UIView: 0x11ca04440; frame = (-15.3281 -15.3281; 130.656 130.656); transform = [0.92387953251128674, 0.38268343236508978, -0.38268343236508978, 0.92387953251128674, 0, 0]; backgroundColor = UIExtendedGrayColorSpace 0 1; layer = <CALayer: 0x600000c21170>>
        """# + "\n"

    /// `10-ios26-sentry-uiswitch.txt`
    static let f10 = #"""
        <UIView: 0x11a5421b0; frame = (0 0; 100 100); layer = <CALayer: 0x600002407360>>
          | <UISwitch: 0x11a70f9e0; frame = (10 40; 51 31); gestureRecognizers = <NSArray: 0x600002b53e70>; layer = <CALayer: 0x600002444020>>
          |    | <UISwitchModernVisualElement: 0x11a710060; frame = (0 0; 51 31); gestureRecognizers = <NSArray: 0x600002b53a50>; layer = <CALayer: 0x6000024440c0>>
          |    |    | <UIView: 0x11a639760; frame = (0 0; 51 31); backgroundColor = UIExtendedSRGBColorSpace 0.470588 0.470588 0.501961 0.16; layer = <CALayer: 0x600002457000>>
          |    |    | <UIView: 0x11a638e20; frame = (0 0; 51 31); layer = <CALayer: 0x600002456f40>>
          |    |    |    | <UIImageView: 0x11a638c30; frame = (-459 0; 510 31); hidden = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x600002455cc0>>
          |    |    |    | <UIView: 0x11a635710; frame = (0 0; 51 31); layer = <CALayer: 0x6000024b8480>>
          |    |    |    |    | <UIImageView: 0x11a639bf0; frame = (38.6667 16; 0 0); userInteractionEnabled = NO; tintColor = <UIDynamicSystemColor: 0x600003192a80; name = _switchOffImageColor>; layer = <CALayer: 0x6000024b8440>>
          |    |    |    | <UIImageView: 0x11a636ee0; frame = (12 16; 0 0); alpha = 0; userInteractionEnabled = NO; tintColor = UIExtendedGrayColorSpace 1 1; layer = <CALayer: 0x6000024b8460>>
          |    |    |    | <UIImageView: 0x11a63b980; frame = (-6 -3; 43 43); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x6000024572e0>>
        """# + "\n"

    /// Every fixture by its file name without `.txt`, in file order.
    static let all: [(name: String, text: String)] = [
        ("01-ios5-pimped-mail-compose", f01),
        ("02-ios6-pimped-remote-view-scaled", f02),
        ("03-ios7-navbar-transform", f03),
        ("04-ios9-frida-tabbar", f04),
        ("05-ios11-monkeydev-textview", f05),
        ("06-ios11-chisel-overlay", f06),
        ("07-ios14-whatsapp-baseclass-window", f07),
        ("08-ios15-cycript-modal-sheet", f08),
        ("09-ios17-sentry-rotated-cover", f09),
        ("10-ios26-sentry-uiswitch", f10),
    ]
}
