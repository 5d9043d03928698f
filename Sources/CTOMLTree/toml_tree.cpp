// TOML through toml++ (Debian's libtomlplusplus-dev), copied into a plain C tree that is freed
// whole: no toml++ object outlives the parse.
#include "toml_tree.h"

#include <cstdlib>
#include <cstring>
#include <string>
#include <toml++/toml.h>

namespace {

char *copy(std::string_view text) {
    char *out = static_cast<char *>(std::malloc(text.size() + 1));
    if (out == nullptr) return nullptr;
    std::memcpy(out, text.data(), text.size());
    out[text.size()] = '\0';
    return out;
}

void fill(toml_tree_node &out, const toml::node &node) {
    out.line = node.source().begin.line;
    if (auto table = node.as_table()) {
        out.kind = TOML_TREE_TABLE;
        out.count = table->size();
        out.children = static_cast<toml_tree_node *>(std::calloc(out.count ? out.count : 1, sizeof(toml_tree_node)));
        if (out.children == nullptr) out.count = 0;
        size_t i = 0;
        for (auto &&[key, value] : *table) {
            if (i == out.count) break;
            out.children[i].key = copy(key.str());
            fill(out.children[i], value);
            i++;
        }
    } else if (auto array = node.as_array()) {
        out.kind = TOML_TREE_ARRAY;
        out.count = array->size();
        out.children = static_cast<toml_tree_node *>(std::calloc(out.count ? out.count : 1, sizeof(toml_tree_node)));
        if (out.children == nullptr) out.count = 0;
        for (size_t i = 0; i < out.count; i++) fill(out.children[i], (*array)[i]);
    } else if (auto text = node.as_string()) {
        out.kind = TOML_TREE_STRING;
        out.text = copy(text->get());
    } else if (auto integer = node.as_integer()) {
        out.kind = TOML_TREE_INTEGER;
        out.integer = integer->get();
    } else if (auto number = node.as_floating_point()) {
        out.kind = TOML_TREE_FLOAT;
        out.number = number->get();
    } else if (auto boolean = node.as_boolean()) {
        out.kind = TOML_TREE_BOOLEAN;
        out.boolean = boolean->get() ? 1 : 0;
    } else {
        out.kind = TOML_TREE_DATE_TIME;
    }
}

void release(toml_tree_node &node) {
    for (size_t i = 0; i < node.count; i++) release(node.children[i]);
    std::free(node.children);
    std::free(const_cast<char *>(node.key));
    std::free(const_cast<char *>(node.text));
}

}  // namespace

extern "C" toml_tree_node *toml_tree_parse(const char *text, size_t length, char **error, unsigned *error_line) {
    try {
        toml::table table = toml::parse(std::string_view(text, length));
        auto root = static_cast<toml_tree_node *>(std::calloc(1, sizeof(toml_tree_node)));
        if (root != nullptr) fill(*root, table);
        return root;
    } catch (const toml::parse_error &failure) {
        *error = copy(failure.description());
        *error_line = failure.source().begin.line;
        return nullptr;
    } catch (const std::exception &failure) {
        *error = copy(failure.what());
        *error_line = 1;
        return nullptr;
    }
}

extern "C" void toml_tree_free(toml_tree_node *root) {
    if (root == nullptr) return;
    release(*root);
    std::free(root);
}
