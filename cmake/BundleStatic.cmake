# cmake -DAR=ar -DOUTPUT=libAll.a "-DINPUTS=a.a|b.a|" -P BundleStatic.cmake
# Writes one static library with the members of every input archive (ar's MRI script
# mode, which GNU ar and llvm-ar both read), with a symbol index.
cmake_minimum_required(VERSION 3.24)
if(NOT AR OR NOT OUTPUT OR NOT INPUTS)
  message(FATAL_ERROR "BundleStatic.cmake needs AR, OUTPUT and INPUTS")
endif()
get_filename_component(dir ${OUTPUT} DIRECTORY)
file(MAKE_DIRECTORY ${dir})
file(REMOVE ${OUTPUT})
set(script "create ${OUTPUT}\n")
string(REPLACE "|" ";" INPUTS "${INPUTS}")
list(REMOVE_ITEM INPUTS "")
foreach(input IN LISTS INPUTS)
  string(APPEND script "addlib ${input}\n")
endforeach()
string(APPEND script "save\nend\n")
file(WRITE ${OUTPUT}.mri "${script}")
# GNU ar reports a bad script line on stderr but exits 0: any message is a failure.
execute_process(COMMAND ${AR} -M INPUT_FILE ${OUTPUT}.mri RESULT_VARIABLE rc
  ERROR_VARIABLE errors)
if(NOT rc EQUAL 0 OR errors)
  message(FATAL_ERROR "${AR} -M failed (${rc}) bundling ${INPUTS}: ${errors}")
endif()
execute_process(COMMAND ${AR} s ${OUTPUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${AR} s ${OUTPUT} failed (${rc})")
endif()
