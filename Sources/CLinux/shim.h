// Linux interfaces that the toolchain's Glibc module leaves out.
//
// This header must see the C library's headers with the same feature macros as the Glibc module (none, that is
// _DEFAULT_SOURCE). The headers are not modular, so every module that includes them gets its own copy of their
// declarations, and Clang requires the copies to agree: under _GNU_SOURCE some differ (fd_set's member is named
// fds_bits instead of __fds_bits, __SOCKADDR_ARG becomes a transparent union), and any Swift file that sees both
// this module and Glibc then fails to build ("'__fds_bits' from module 'SwiftGlibc' is not present in definition
// of 'fd_set' in module 'CLinux'").
//
// The few GNU extensions needed are therefore declared below exactly as glibc declares them under __USE_GNU, so
// calls link straight to the C library's symbols.
#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H

#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/un.h>
#include <unistd.h>
#include <wchar.h>

#ifndef __USE_GNU
// <bits/socket.h>: the credentials SO_PEERCRED reports.
struct ucred {
    pid_t pid;
    uid_t uid;
    gid_t gid;
};

// <sys/socket.h>: accept(2) that sets SOCK_NONBLOCK and SOCK_CLOEXEC on the new socket atomically.
extern int accept4(int __fd, __SOCKADDR_ARG __addr, socklen_t *__restrict __addr_len, int __flags);

// <fcntl.h>: starts or waits for the writeback of a range of a file's dirty pages.
extern int sync_file_range(int __fd, __off64_t __offset, __off64_t __count, unsigned int __flags);
#define SYNC_FILE_RANGE_WAIT_BEFORE 1
#define SYNC_FILE_RANGE_WRITE 2
#define SYNC_FILE_RANGE_WAIT_AFTER 4

// <pthread.h>: names a thread (at most 15 bytes and a NUL).
extern int pthread_setname_np(pthread_t __target_thread, const char *__name) __THROW __nonnull((2));
#endif

#ifndef __USE_XOPEN
// <wchar.h>: the number of terminal columns a character takes in the calling thread's locale (X/Open).
extern int wcwidth(wchar_t __c) __THROW;
#endif

// Puts the calling thread's disk requests in the idle class (ioprio_set(2), IOPRIO_WHO_PROCESS with the thread's
// id 0, IOPRIO_CLASS_IDLE): a scheduler that honours classes serves them only when no other request waits. glibc
// has no wrapper, and Swift cannot call the variadic syscall(2).
static inline int CLinux_setIdleDiskPriority(void) {
    return (int)syscall(SYS_ioprio_set, 1, 0, 3 << 13);
}

// The process's environment (`environ`), which is null after clearenv(3). Swift sees a C global variable as
// shared mutable state, and Glibc's `environ` is imported as never null; a function returning it avoids both.
static inline char **CLinux_environ(void) {
    return __environ;
}

#endif
