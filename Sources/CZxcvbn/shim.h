// zxcvbn-c (Debian's libzxcvbn-dev) ships no pkg-config file: the module map links it by name.
#include <zxcvbn.h>
