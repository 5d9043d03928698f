#ifndef RINGS_MOSQUITTO_LOADER_H
#define RINGS_MOSQUITTO_LOADER_H
// libmosquitto, Eclipse Mosquitto's own MQTT client (Debian's libmosquitto-dev), and the OpenSSL it
// does TLS with (libssl-dev), loaded when a screen first uses a broker (mosquitto_loader.c): a screen
// without one keeps neither them nor OpenSSL's 1.8 MB in memory.
#include <mosquitto.h>
// OpenSSL, for why a broker's certificate was not trusted (libmosquitto's own log says only
// "certificate verify failed").
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
// glibc's mallopt, so that a broker's large messages do not stay resident once freed.
#include <malloc.h>
#include <stddef.h>

// Makes a TLS connection of its own to the broker at `host`:`port` (no MQTT is said) and has
// OpenSSL check its certificate with `cafile` or `capath` as RFC 6125 says: an address against IP
// address subjectAltNames only, a name against DNS ones, never the subject's CN (which libmosquitto's
// own check falls back to, and it offers no hook to do otherwise). `certfile` and `keyfile` (or NULL)
// are offered to a broker that asks for them. 0: trusted; above 0: OpenSSL's verify result (X509_V_ERR_*),
// and nothing should be sent there; -1: no handshake was made (the real connection says why).
long rings_tls_verify_broker(const char *host, int port, const char *cafile, const char *capath,
                             const char *certfile, const char *keyfile, int timeout_ms);

// Loads libmosquitto (and with it libssl and libcrypto): 0, or -1 with dlopen's reason in `why`.
// The functions declared above may be called only after it returned 0.
int rings_mosquitto_load(char *why, size_t size);

#endif
