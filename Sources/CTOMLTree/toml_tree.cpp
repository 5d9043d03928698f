// TOML through toml++ (Debian's libtomlplusplus-dev), copied into a plain C tree that is freed
// whole: no toml++ object outlives the parse.
#include "toml_tree.h"

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

namespace {

/// A check of toml++'s own that failed: the parser was handed what it assumed it never would.
struct broken_assumption : std::exception {
    const char *what() const noexcept override { return "cannot be read as TOML"; }
};

}  // namespace

// toml++ 3.3 (Debian 12's and 13's) asserts, and aborts the process, where a table header's name
// starts with a character no key may start with (`[*x]`, `[[[a]]]`; toml++ pull request #301): a
// failed check throws instead, and the file is refused as any file that is not TOML.
#define TOML_ASSERT(expr) ((expr) ? static_cast<void>(0) : throw broken_assumption())
#include <toml++/toml.h>

namespace {

/// The first line whose table header starts its name with a character no key starts with, else 1.
unsigned bad_header_line(std::string_view text) {
    unsigned line = 1;
    size_t i = 0;
    auto blank = [&](size_t at) { return at < text.size() && (text[at] == ' ' || text[at] == '\t'); };
    while (i < text.size()) {
        size_t at = i;
        while (blank(at)) at++;
        if (at < text.size() && text[at] == '[') {
            at++;
            while (blank(at)) at++;
            if (at < text.size() && text[at] == '[') at++;
            while (blank(at)) at++;
            char c = at < text.size() ? text[at] : '\n';
            bool starts = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '"'
                || c == '\'' || c == ']';
            if (!starts) return line;
        }
        size_t end = text.find('\n', i);
        if (end == std::string_view::npos) break;
        i = end + 1;
        line++;
    }
    return 1;
}

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
    } catch (const broken_assumption &) {
        *error = copy("a table's name must start with a letter, a digit, _, - or a quote");
        *error_line = bad_header_line(std::string_view(text, length));
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
