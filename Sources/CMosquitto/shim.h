#include <mosquitto.h>
// OpenSSL, for why a broker's certificate was not trusted (libmosquitto's own log says only
// "certificate verify failed").
#include <openssl/ssl.h>
#include <openssl/x509.h>
