// What the fan-out benchmark needs of Linux beyond Glibc's Swift module.
#include <sys/epoll.h>
