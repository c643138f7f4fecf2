# cmake -DEXE=consumer -P check_static.cmake: fails when EXE needs libHitTestC.so.
execute_process(COMMAND readelf -d ${EXE} OUTPUT_VARIABLE dynamic RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "readelf -d ${EXE} failed")
endif()
if(dynamic MATCHES "libHitTestC\\.so")
  message(FATAL_ERROR "${EXE} needs libHitTestC.so; it should hold the static library")
endif()
