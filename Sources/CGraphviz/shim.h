#ifndef VCGRAPH_CGRAPHVIZ_SHIM_H
#define VCGRAPH_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin_textlayout.h>
#include <graphviz/gvplugin_device.h>
#include <graphviz/textspan.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// Measures a text span with the context's textlayout plugin (lib/gvc/gvtextlayout.c): exported
/// by libgvc, but declared only in Graphviz's private gvcproc.h. Returns FALSE when the context has
/// no text layout or it could not measure the span; Graphviz then estimates its size.
extern boolean gvtextlayout(GVC_t *gvc, textspan_t *span, char **fontpath);

/// Writes bytes to a render job's output (lib/gvc/gvdevice.c): exported by libgvc, declared only in
/// Graphviz's private gvio.h. A device plugin's format function writes its file with it.
extern size_t gvwrite(GVJ_t *job, const char *s, size_t len);

/// Reports an error as Graphviz's own code does (agerr is variadic, which Swift cannot call).
static inline void vcg_report_error(const char *message) { agerr(AGERR, "%s\n", message); }

/// Swift 6 rejects C's mutable globals, so the graph descriptors are read through these.
static inline Agdesc_t vcg_directed(void) { return Agdirected; }

/*
 * An id discipline that numbers named subgraphs in the order they are created.
 *
 * cgraph keeps subgraphs ordered by id, and its default discipline makes a named object's id the
 * address of its interned name: the order of clusters (and so where dot places them, and the
 * order agwrite writes them) then changes from one run to the next. Here a named graph gets the
 * even id 2 * (its creation index + 1), remembered in a small table for look-ups, printing and
 * freeing; every other object, nodes included, keeps cgraph's default ids.
 */
typedef struct {
    Agraph_t *graph;
    char **names; /* names[i] has id 2 * (i + 1); NULL once freed */
    size_t count, capacity;
} vcg_graph_ids;

static inline long vcg_graph_index(vcg_graph_ids *ids, int objtype, IDTYPE id, size_t *index) {
    if (objtype != AGRAPH || id == 0 || id % 2 != 0 || id / 2 > ids->count) return 0;
    *index = (size_t)(id / 2 - 1);
    return ids->names[*index] != NULL;
}

static inline void *vcg_ids_open(Agraph_t *g, Agdisc_t *disc) {
    (void)disc;
    vcg_graph_ids *ids = calloc(1, sizeof *ids);
    if (ids) ids->graph = g;
    return ids;
}

static inline long vcg_ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    vcg_graph_ids *ids = state;
    if (objtype != AGRAPH || str == NULL) return AgIdDisc.map(ids->graph, objtype, str, id, createflag);
    for (size_t i = 0; i < ids->count; i++) {
        if (ids->names[i] && strcmp(ids->names[i], str) == 0) {
            *id = 2 * (IDTYPE)(i + 1);
            return 1;
        }
    }
    if (!createflag) return 0;
    if (ids->count == ids->capacity) {
        size_t capacity = ids->capacity ? 2 * ids->capacity : 8;
        char **names = realloc(ids->names, capacity * sizeof *names);
        if (!names) return 0;
        ids->names = names;
        ids->capacity = capacity;
    }
    ids->names[ids->count] = agstrdup(ids->graph, str);
    ids->count += 1;
    *id = 2 * (IDTYPE)ids->count;
    return 1;
}

static inline long vcg_ids_alloc(void *state, int objtype, IDTYPE id) {
    return AgIdDisc.alloc(((vcg_graph_ids *)state)->graph, objtype, id);
}

static inline void vcg_ids_free(void *state, int objtype, IDTYPE id) {
    vcg_graph_ids *ids = state;
    size_t index;
    if (vcg_graph_index(ids, objtype, id, &index)) {
        agstrfree(ids->graph, ids->names[index]);
        ids->names[index] = NULL;
    } else {
        AgIdDisc.free(ids->graph, objtype, id);
    }
}

static inline char *vcg_ids_print(void *state, int objtype, IDTYPE id) {
    vcg_graph_ids *ids = state;
    size_t index;
    if (vcg_graph_index(ids, objtype, id, &index)) return ids->names[index];
    return AgIdDisc.print(ids->graph, objtype, id);
}

static inline void vcg_ids_close(void *state) {
    vcg_graph_ids *ids = state;
    AgIdDisc.close(ids->graph);
    free(ids->names);
    free(ids);
}

static inline void vcg_ids_register(void *state, int objtype, void *obj) {
    AgIdDisc.idregister(((vcg_graph_ids *)state)->graph, objtype, obj);
}

/// cgraph's default memory and I/O disciplines with the creation-order id discipline above.
static inline Agdisc_t *vcg_discipline(void) {
    static Agiddisc_t ids = {vcg_ids_open, vcg_ids_map, vcg_ids_alloc, vcg_ids_free,
                             vcg_ids_print, vcg_ids_close, vcg_ids_register};
    static Agdisc_t discipline = {&AgMemDisc, &ids, &AgIoDisc};
    return &discipline;
}

/*
 * What Graphviz 2.42 forgets to free when a layout is freed (gvFreeLayout), taken back by vcgraph.
 *
 * - An HTML label's text line (htextspan_t) owns an array of text items that free_html_text frees
 *   the contents of but not the array itself (allocated by the HTML parser's appendFLineList).
 * - For a text item in a styled font (<B>, <I>, <U>, <SUB>, <SUP>), the pango text layout keeps
 *   the attribute list pango_parse_markup made and lets the PangoLayout take its own reference:
 *   the first reference is never dropped, so the list outlives the layout.
 * - nop2 (init_nop) allocates the node list GD_neato_nlist (scan_graph) and the cluster lists
 *   GD_clust (add_cluster), which neato's cleanup does not free for it.
 *
 * vcg_lost_collect, called before gvFreeLayout, drops the pango references (the layouts still
 * hold theirs, so nothing is freed yet) and remembers the arrays; vcg_lost_free, called after,
 * frees them. The structures below mirror Graphviz 2.42's private lib/common/htmltable.h.
 */
#include <dlfcn.h>

typedef struct {
    char *href, *port, *target, *title, *id, *bgcolor, *pencolor;
    int gradientangle;
    signed char space;
    unsigned char border, pad, sides;
    unsigned short flags, width, height, style;
    boxf box;
} vcg_htmldata_t;

typedef struct {
    textspan_t *items;
    short nitems;
    char just;
    double size, lfsize;
} vcg_htextspan_t;

typedef struct {
    vcg_htextspan_t *spans;
    short nspans;
    char simple;
    boxf box;
} vcg_htmltxt_t;

struct vcg_htmlcell_t;
typedef struct {
    vcg_htmldata_t data;
    union {
        struct { struct vcg_htmlcell_t *parent; struct vcg_htmlcell_t **cells; } n;
        struct { void *prev; void *rows; } p;
    } u;
    signed char cb;
    int *heights, *widths;
    int rc, cc;
    textfont_t *font;
    unsigned char flags;
} vcg_htmltbl_t;

typedef struct {
    union { vcg_htmltbl_t *tbl; vcg_htmltxt_t *txt; void *img; } u;
    char kind; /* 1 table, 2 text, 3 image */
} vcg_htmllabel_t;

typedef struct vcg_htmlcell_t {
    vcg_htmldata_t data;
    unsigned short cspan, rspan, col, row;
    vcg_htmllabel_t child;
    vcg_htmltbl_t *parent;
    unsigned char ruled;
} vcg_htmlcell_t;

typedef struct {
    void **blocks;
    size_t count, capacity;
} vcg_lost;

static inline void vcg_lost_add(vcg_lost *lost, void *block) {
    if (!block) return;
    if (lost->count == lost->capacity) {
        size_t capacity = lost->capacity ? 2 * lost->capacity : 64;
        void **blocks = realloc(lost->blocks, capacity * sizeof *blocks);
        if (!blocks) return; /* then it stays lost, as before */
        lost->blocks = blocks;
        lost->capacity = capacity;
    }
    lost->blocks[lost->count++] = block;
}

typedef void *(*vcg_get_attributes_f)(void *layout);
typedef void (*vcg_attr_list_unref_f)(void *attrs);

static inline void vcg_lost_html(vcg_lost *lost, vcg_htmllabel_t *label) {
    static vcg_get_attributes_f get_attributes;
    static vcg_attr_list_unref_f attr_list_unref;
    if (!label) return;
    if (label->kind == 1) {
        vcg_htmltbl_t *table = label->u.tbl;
        if (!table || table->rc == -1 || !table->u.n.cells) return;
        for (vcg_htmlcell_t **cell = table->u.n.cells; *cell; cell++) vcg_lost_html(lost, &(*cell)->child);
    } else if (label->kind == 2 && label->u.txt) {
        vcg_htmltxt_t *text = label->u.txt;
        if (!get_attributes || !attr_list_unref) {
            /* Graphviz loads its pango plugin, and so pango, with RTLD_LOCAL: look in pango itself,
             * once it is loaded (RTLD_NOLOAD: never load it here). The handle is kept. */
            void *pango = dlopen("libpango-1.0.so.0", RTLD_NOW | RTLD_NOLOAD);
            if (pango) {
                get_attributes = (vcg_get_attributes_f)dlsym(pango, "pango_layout_get_attributes");
                attr_list_unref = (vcg_attr_list_unref_f)dlsym(pango, "pango_attr_list_unref");
            }
        }
        for (short i = 0; i < text->nspans; i++) {
            vcg_htextspan_t *line = &text->spans[i];
            for (short j = 0; j < line->nitems; j++) {
                textspan_t *item = &line->items[j];
                /* Only pango's text layout keeps a layout, and only a styled font made markup. */
                if (item->layout && item->free_layout && item->font && item->font->flags && get_attributes
                    && attr_list_unref) {
                    void *attrs = get_attributes(item->layout);
                    if (attrs) attr_list_unref(attrs);
                }
            }
            vcg_lost_add(lost, line->items);
        }
    }
}

static inline void vcg_lost_label(vcg_lost *lost, textlabel_t *label) {
    if (label && label->html) vcg_lost_html(lost, (vcg_htmllabel_t *)label->u.html);
}

static inline void vcg_lost_clusters(vcg_lost *lost, Agraph_t *g) {
    vcg_lost_label(lost, GD_label(g));
    for (int i = 1; i <= GD_n_cluster(g); i++) vcg_lost_clusters(lost, GD_clust(g)[i]);
}

/* nop2's list of clusters (init_nop's add_cluster), which neato's cleanup leaves too. */
static inline void vcg_lost_cluster_lists(vcg_lost *lost, Agraph_t *g) {
    for (int i = 1; i <= GD_n_cluster(g); i++) vcg_lost_cluster_lists(lost, GD_clust(g)[i]);
    vcg_lost_add(lost, GD_clust(g));
}

/// Before gvFreeLayout(gvc, g) of a graph laid out by `engine` (see above). Only with Graphviz
/// 2.42 (Debian's 2.42.2 calls itself 2.43.0), whose private structures these are and which loses
/// these blocks (later versions free some of them themselves): otherwise this collects nothing.
static inline void vcg_lost_collect(vcg_lost *lost, GVC_t *gvc, Agraph_t *g, const char *engine) {
    const char *version = gvcVersion(gvc);
    if (!version || (strncmp(version, "2.42.", 5) != 0 && strcmp(version, "2.43.0") != 0)) return;
    if (!agbindrec(g, "Agraphinfo_t", 0, TRUE)) return;
    for (Agnode_t *n = agfstnode(g); n; n = agnxtnode(g, n)) {
        if (!agbindrec(n, "Agnodeinfo_t", 0, TRUE)) continue;
        vcg_lost_label(lost, ND_label(n));
        vcg_lost_label(lost, ND_xlabel(n));
        for (Agedge_t *e = agfstout(g, n); e; e = agnxtout(g, e)) {
            if (!agbindrec(e, "Agedgeinfo_t", 0, TRUE)) continue;
            vcg_lost_label(lost, ED_label(e));
            vcg_lost_label(lost, ED_xlabel(e));
            vcg_lost_label(lost, ED_head_label(e));
            vcg_lost_label(lost, ED_tail_label(e));
        }
    }
    vcg_lost_clusters(lost, g);
    if (engine && strcmp(engine, "nop2") == 0) {
        vcg_lost_add(lost, GD_neato_nlist(g));
        vcg_lost_cluster_lists(lost, g);
    }
}

/// After gvLayout: where the graph's label went (its centre) and its size, in points; 0 when the
/// graph has none. (What the DOT output writes as `lp`, `lwidth` and `lheight`, unrounded.)
static inline int vcg_graph_label(Agraph_t *g, double *x, double *y, double *width, double *height) {
    if (!agbindrec(g, "Agraphinfo_t", 0, TRUE) || !GD_label(g)) return 0;
    textlabel_t *label = GD_label(g);
    *x = label->pos.x;
    *y = label->pos.y;
    *width = label->dimen.x;
    *height = label->dimen.y;
    return 1;
}

/// After gvLayout: the size of a node's label, in points; 0 when it has none.
static inline int vcg_node_label_size(Agnode_t *n, double *width, double *height) {
    if (!agbindrec(n, "Agnodeinfo_t", 0, TRUE) || !ND_label(n)) return 0;
    *width = ND_label(n)->dimen.x;
    *height = ND_label(n)->dimen.y;
    return 1;
}

/// After gvFreeLayout: frees what vcg_lost_collect found.
static inline void vcg_lost_free(vcg_lost *lost) {
    for (size_t i = 0; i < lost->count; i++) free(lost->blocks[i]);
    free(lost->blocks);
    lost->blocks = NULL;
    lost->count = lost->capacity = 0;
}

#endif
