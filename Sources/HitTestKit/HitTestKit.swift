// HitTestKit: one import for the library modules.
@_exported import HitTestGeometry
@_exported import HitTestJSON
@_exported import HitTestReference
@_exported import HitTestScene
@_exported import HitTestStore
@_exported import HitTestBridge
@_exported import HitTestDispatch
