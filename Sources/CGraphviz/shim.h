#ifndef VCGRAPH_CGRAPHVIZ_SHIM_H
#define VCGRAPH_CGRAPHVIZ_SHIM_H

#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

/// Swift 6 rejects C's mutable globals, so the graph descriptors are read through these.
static inline Agdesc_t vcg_directed(void) { return Agdirected; }

#endif
