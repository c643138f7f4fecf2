import CHitTestAllocationCounter
import HitTestBench
import HitTestCLI

// Count the process's allocations for `hittest bench` (absent in sanitizer builds).
if ht_allocation_counter_available() != 0 {
    AllocationCounter.installed = AllocationCounter(
        allocations: { ht_allocation_count() }, heapBytes: { ht_allocated_bytes() })
}
HitTestCLIMain.run()
