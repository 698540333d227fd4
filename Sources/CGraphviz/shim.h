#ifndef VCGRAPH_CGRAPHVIZ_SHIM_H
#define VCGRAPH_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvplugin_textlayout.h>
#include <graphviz/textspan.h>
#include <stdlib.h>
#include <string.h>

/// Measures a text span with the context's textlayout plugin (lib/gvc/gvtextlayout.c): exported
/// by libgvc, but declared only in Graphviz's private gvcproc.h. Returns FALSE when the context has
/// no text layout or it could not measure the span; Graphviz then estimates its size.
extern boolean gvtextlayout(GVC_t *gvc, textspan_t *span, char **fontpath);

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

#endif
