// The broker's certificate checked before libmosquitto connects (mosquitto_loader.h says why).
// OpenSSL's functions here are the loader's, which forward to the libssl libmosquitto loaded.
#include "mosquitto_loader.h"
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <fcntl.h>
#include <errno.h>

static int no_passphrase(char *buffer, int size, int rwflag, void *userdata) {
    (void)buffer; (void)size; (void)rwflag; (void)userdata;
    return 0;
}

// A TCP connection to the first of `host`'s addresses that answers within `timeout_ms`, or -1.
static int connect_to(const char *host, int port, int timeout_ms) {
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *found = NULL;
    if (getaddrinfo(host, service, &hints, &found) != 0) return -1;
    int fd = -1;
    for (struct addrinfo *a = found; a && fd < 0; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        if (connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            struct pollfd wait = { .fd = fd, .events = POLLOUT };
            int error = 0;
            socklen_t length = sizeof error;
            if (errno != EINPROGRESS || poll(&wait, 1, timeout_ms) != 1
                || getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 || error != 0) {
                close(fd);
                fd = -1;
            }
        }
    }
    freeaddrinfo(found);
    if (fd < 0) return -1;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    struct timeval limit = { .tv_sec = timeout_ms / 1000, .tv_usec = (timeout_ms % 1000) * 1000 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof limit);
    return fd;
}

long rings_tls_verify_broker(const char *host, int port, const char *cafile, const char *capath,
                             const char *certfile, const char *keyfile, int timeout_ms) {
    SSL_CTX *context = SSL_CTX_new(TLS_client_method());
    if (!context) return -1;
    long result = -1;
    SSL *ssl = NULL;
    int fd = -1;
    SSL_CTX_set_default_passwd_cb(context, no_passphrase);
    if (SSL_CTX_load_verify_locations(context, cafile, capath) != 1) goto done;
    if (certfile && keyfile && (SSL_CTX_use_certificate_chain_file(context, certfile) != 1
                                || SSL_CTX_use_PrivateKey_file(context, keyfile, SSL_FILETYPE_PEM) != 1)) goto done;
    SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    X509_VERIFY_PARAM *param = SSL_CTX_get0_param(context);
    X509_VERIFY_PARAM_set_hostflags(param, X509_CHECK_FLAG_NEVER_CHECK_SUBJECT);
    int address = X509_VERIFY_PARAM_set1_ip_asc(param, host) == 1;
    if (!address && X509_VERIFY_PARAM_set1_host(param, host, 0) != 1) goto done;
    if ((fd = connect_to(host, port, timeout_ms)) < 0) goto done;
    if (!(ssl = SSL_new(context)) || SSL_set_fd(ssl, fd) != 1) goto done;
    if (!address) SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)host);
    int shook = SSL_connect(ssl) == 1;
    long verified = SSL_get_verify_result(ssl);
    result = verified != X509_V_OK ? verified : shook ? 0 : -1;
done:
    if (ssl) SSL_free(ssl);
    if (fd >= 0) close(fd);
    SSL_CTX_free(context);
    return result;
}
