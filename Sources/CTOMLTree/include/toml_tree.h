#ifndef RINGS_TOML_TREE_H
#define RINGS_TOML_TREE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a TOML value is.
typedef enum {
    TOML_TREE_STRING, TOML_TREE_INTEGER, TOML_TREE_FLOAT, TOML_TREE_BOOLEAN,
    TOML_TREE_ARRAY, TOML_TREE_TABLE, TOML_TREE_DATE_TIME
} toml_tree_kind;

/// A TOML document parsed by toml++ and copied into plain C memory that one call frees whole
/// (a table's members carry their keys; an array's items none).
typedef struct toml_tree_node {
    toml_tree_kind kind;
    const char *key;
    const char *text;
    long long integer;
    double number;
    int boolean;
    unsigned line;
    struct toml_tree_node *children;
    size_t count;
} toml_tree_node;

/// Parses `length` bytes of TOML: the root table, or NULL with `*error` (free it) and `*error_line` set.
toml_tree_node *toml_tree_parse(const char *text, size_t length, char **error, unsigned *error_line);

/// Frees a tree that `toml_tree_parse` gave, every node and string of it.
void toml_tree_free(toml_tree_node *root);

#ifdef __cplusplus
}
#endif

#endif
