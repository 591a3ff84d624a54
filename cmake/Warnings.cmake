# One INTERFACE target carries the project's warning flags; project targets link it PRIVATE,
# so third-party headers and consumers are never forced onto our flags.
add_library(kl_warnings INTERFACE)
target_compile_options(kl_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
    $<$<BOOL:${KL_WERROR}>:-Werror>)
