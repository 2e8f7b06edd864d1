// Device-side logging hooks of tt-metal's firmware headers; host code compiles them to nothing.
#ifndef TT_LOG_DEFINED
#define TT_LOG_DEFINED
#define TT_LOG(...) (void)sizeof(__VA_ARGS__)
#define TT_LOG_NB(...) (void)sizeof(__VA_ARGS__)
#define TT_PAUSE(...) (void)sizeof(__VA_ARGS__)
#define TT_RISC_ASSERT(...) (void)sizeof(__VA_ARGS__)
#define TT_LLK_DUMP(...) (void)sizeof(__VA_ARGS__)
#define TT_DUMP_LOG(...) (void)sizeof(__VA_ARGS__)
#define TT_DUMP_ASSERT(...) (void)sizeof(__VA_ARGS__)
#endif
