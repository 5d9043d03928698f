// The libmosquitto and OpenSSL functions rings calls, each forwarding to the library loaded by
// rings_mosquitto_load (the binary does not link them: see mosquitto_loader.h); OpenSSL's are found
// among libmosquitto's own dependencies, the OpenSSL it was built with. Each looks its function up
// once; a call before the library is loaded is a bug, and ends the process at once. Compiled with
// -fvisibility=hidden (Package.swift): the binary does not export these names, so the libraries'
// calls of their own functions never reach them.
#include "mosquitto_loader.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *mosquitto_library;

int rings_mosquitto_load(char *why, size_t size) {
    if (__atomic_load_n(&mosquitto_library, __ATOMIC_ACQUIRE)) return 0;
    void *mosquitto = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!mosquitto) {
        snprintf(why, size, "%s", dlerror());
        return -1;
    }
    __atomic_store_n(&mosquitto_library, mosquitto, __ATOMIC_RELEASE);
    return 0;
}

static void *symbol(const char *name) {
    void *handle = __atomic_load_n(&mosquitto_library, __ATOMIC_ACQUIRE);
    void *found = handle ? dlsym(handle, name) : NULL;
    if (!found) {
        fprintf(stderr, "rings: crashed: %s called %s\n", name, handle ? "but the library lacks it" : "before libmosquitto was loaded");
        _exit(134);
    }
    return found;
}

// The library's function NAME, looked up on its first call.
#define M(name) ({ \
    static __typeof__(&name) real; \
    __typeof__(&name) found = __atomic_load_n(&real, __ATOMIC_RELAXED); \
    if (!found) { found = (__typeof__(&name))symbol(#name); __atomic_store_n(&real, found, __ATOMIC_RELAXED); } \
    found; })

int mosquitto_lib_init(void) { return M(mosquitto_lib_init)(); }
struct mosquitto *mosquitto_new(const char *id, bool clean, void *object) { return M(mosquitto_new)(id, clean, object); }
void mosquitto_destroy(struct mosquitto *m) { M(mosquitto_destroy)(m); }
int mosquitto_threaded_set(struct mosquitto *m, bool threaded) { return M(mosquitto_threaded_set)(m, threaded); }
int mosquitto_will_set(struct mosquitto *m, const char *topic, int length, const void *payload, int qos, bool retain) {
    return M(mosquitto_will_set)(m, topic, length, payload, qos, retain);
}
int mosquitto_username_pw_set(struct mosquitto *m, const char *user, const char *password) {
    return M(mosquitto_username_pw_set)(m, user, password);
}
int mosquitto_tls_set(struct mosquitto *m, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
                      int (*passphrase)(char *buffer, int size, int rwflag, void *userdata)) {
    return M(mosquitto_tls_set)(m, cafile, capath, certfile, keyfile, passphrase);
}
void *mosquitto_ssl_get(struct mosquitto *m) { return M(mosquitto_ssl_get)(m); }
int mosquitto_connect_async(struct mosquitto *m, const char *host, int port, int keepalive) {
    return M(mosquitto_connect_async)(m, host, port, keepalive);
}
int mosquitto_disconnect(struct mosquitto *m) { return M(mosquitto_disconnect)(m); }
int mosquitto_loop(struct mosquitto *m, int timeout, int packets) { return M(mosquitto_loop)(m, timeout, packets); }
int mosquitto_subscribe(struct mosquitto *m, int *mid, const char *filter, int qos) { return M(mosquitto_subscribe)(m, mid, filter, qos); }
int mosquitto_publish(struct mosquitto *m, int *mid, const char *topic, int length, const void *payload, int qos, bool retain) {
    return M(mosquitto_publish)(m, mid, topic, length, payload, qos, retain);
}
void mosquitto_connect_callback_set(struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int)) {
    M(mosquitto_connect_callback_set)(m, callback);
}
void mosquitto_message_callback_set(struct mosquitto *m, void (*callback)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    M(mosquitto_message_callback_set)(m, callback);
}
void mosquitto_subscribe_callback_set(struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int, int, const int *)) {
    M(mosquitto_subscribe_callback_set)(m, callback);
}
void mosquitto_publish_callback_set(struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int)) {
    M(mosquitto_publish_callback_set)(m, callback);
}
void mosquitto_log_callback_set(struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int, const char *)) {
    M(mosquitto_log_callback_set)(m, callback);
}
const char *mosquitto_strerror(int error) { return M(mosquitto_strerror)(error); }
const char *mosquitto_connack_string(int code) { return M(mosquitto_connack_string)(code); }
int mosquitto_topic_matches_sub(const char *filter, const char *topic, bool *result) {
    return M(mosquitto_topic_matches_sub)(filter, topic, result);
}
long SSL_get_verify_result(const SSL *ssl) { return M(SSL_get_verify_result)(ssl); }
const char *X509_verify_cert_error_string(long n) { return M(X509_verify_cert_error_string)(n); }
const SSL_METHOD *TLS_client_method(void) { return M(TLS_client_method)(); }
SSL_CTX *SSL_CTX_new(const SSL_METHOD *method) { return M(SSL_CTX_new)(method); }
void SSL_CTX_free(SSL_CTX *context) { M(SSL_CTX_free)(context); }
int SSL_CTX_load_verify_locations(SSL_CTX *context, const char *file, const char *path) {
    return M(SSL_CTX_load_verify_locations)(context, file, path);
}
int SSL_CTX_use_certificate_chain_file(SSL_CTX *context, const char *file) { return M(SSL_CTX_use_certificate_chain_file)(context, file); }
int SSL_CTX_use_PrivateKey_file(SSL_CTX *context, const char *file, int type) { return M(SSL_CTX_use_PrivateKey_file)(context, file, type); }
void SSL_CTX_set_default_passwd_cb(SSL_CTX *context, pem_password_cb *callback) { M(SSL_CTX_set_default_passwd_cb)(context, callback); }
void SSL_CTX_set_verify(SSL_CTX *context, int mode, SSL_verify_cb callback) { M(SSL_CTX_set_verify)(context, mode, callback); }
X509_VERIFY_PARAM *SSL_CTX_get0_param(SSL_CTX *context) { return M(SSL_CTX_get0_param)(context); }
void X509_VERIFY_PARAM_set_hostflags(X509_VERIFY_PARAM *param, unsigned int flags) { M(X509_VERIFY_PARAM_set_hostflags)(param, flags); }
int X509_VERIFY_PARAM_set1_host(X509_VERIFY_PARAM *param, const char *name, size_t length) {
    return M(X509_VERIFY_PARAM_set1_host)(param, name, length);
}
int X509_VERIFY_PARAM_set1_ip_asc(X509_VERIFY_PARAM *param, const char *address) { return M(X509_VERIFY_PARAM_set1_ip_asc)(param, address); }
SSL *SSL_new(SSL_CTX *context) { return M(SSL_new)(context); }
void SSL_free(SSL *ssl) { M(SSL_free)(ssl); }
int SSL_set_fd(SSL *ssl, int fd) { return M(SSL_set_fd)(ssl, fd); }
long SSL_ctrl(SSL *ssl, int command, long larg, void *parg) { return M(SSL_ctrl)(ssl, command, larg, parg); }
int SSL_connect(SSL *ssl) { return M(SSL_connect)(ssl); }
