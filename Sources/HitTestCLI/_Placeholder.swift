public enum HitTestCLIMain {
    public static func run() {}
}
