/**
 * A V8 heap snapshot (as the inspector's HeapProfiler.takeHeapSnapshot streams it) read into
 * typed arrays, its dominator tree, and its bytes sorted into parts: every live object counts
 * once, in the part of the nearest object that dominates it (holds it alone, on every path from
 * the roots) and is the root of a part; what no part root dominates is left to "other".
 */

/** What marks an object as the root of a part: its constructor's name, or the edge that holds it. */
export interface PartRule {
  readonly part: string;
  /** Objects of these names (the snapshot's node name: a class's name for its instances). */
  readonly names?: readonly string[];
  /** Objects held by a property of this name of an object of the given name. */
  readonly edges?: readonly { from: string; edge: string }[];
}

export interface SnapshotFigures {
  /** Bytes of all live objects. */
  readonly total: number;
  readonly objects: number;
  /** Bytes per part, "other" for what no part root dominates. */
  readonly parts: Map<string, number>;
  /** Bytes and count per node name, for the largest. */
  readonly byName: Map<string, { bytes: number; count: number }>;
  /** Bytes and count per part and node name ("part\tname"). */
  readonly byPartName: Map<string, { bytes: number; count: number }>;
  /** How many objects are the root of each part. */
  readonly roots: Map<string, number>;
}

interface Raw {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function analyse(json: string, rules: readonly PartRule[]): SnapshotFigures {
  const raw = JSON.parse(json) as Raw;
  const { meta } = raw.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const nType = meta.node_fields.indexOf("type");
  const nName = meta.node_fields.indexOf("name");
  const nSize = meta.node_fields.indexOf("self_size");
  const nEdges = meta.node_fields.indexOf("edge_count");
  const eType = meta.edge_fields.indexOf("type");
  const eName = meta.edge_fields.indexOf("name_or_index");
  const eTo = meta.edge_fields.indexOf("to_node");
  const edgeTypes = meta.edge_types[0];
  const nodeTypes = meta.node_types[0];
  const weak = edgeTypes.indexOf("weak");
  const stringEdge = new Set(
    ["context", "property", "internal", "shortcut"].map((t) => edgeTypes.indexOf(t)),
  );
  const { nodes, edges, strings } = raw;
  const n = nodes.length / nf;

  // Edges of each node, as positions in `edges`.
  const firstEdge = new Uint32Array(n + 1);
  for (let i = 0, e = 0; i < n; i++) {
    firstEdge[i] = e;
    e += nodes[i * nf + nEdges]! * ef;
    firstEdge[i + 1] = e;
  }
  const target = (e: number) => edges[e + eTo]! / nf;
  const strong = (e: number) => edges[e + eType] !== weak;

  // Depth-first from the root (node 0) along strong edges: post-order numbers.
  const post = new Int32Array(n).fill(-1);
  const order = new Uint32Array(n); // node by post-order number
  const visited = new Uint8Array(n);
  const stack = new Uint32Array(n);
  const cursor = new Uint32Array(n);
  let sp = 0;
  let count = 0;
  stack[sp++] = 0;
  visited[0] = 1;
  cursor[0] = firstEdge[0]!;
  while (sp > 0) {
    const v = stack[sp - 1]!;
    const end = firstEdge[v + 1]!;
    let pushed = false;
    while (cursor[v]! < end) {
      const e = cursor[v]!;
      cursor[v] = e + ef;
      if (!strong(e)) continue;
      const w = target(e);
      if (visited[w]) continue;
      visited[w] = 1;
      cursor[w] = firstEdge[w]!;
      stack[sp++] = w;
      pushed = true;
      break;
    }
    if (!pushed) {
      sp--;
      post[v] = count;
      order[count++] = v;
    }
  }

  // Predecessors of each reachable node (strong edges between reachable nodes).
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v++) {
    if (post[v]! < 0) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += ef)
      if (strong(e)) predCount[target(e) + 1]!++;
  }
  for (let i = 0; i < n; i++) predCount[i + 1]! += predCount[i]!;
  const preds = new Uint32Array(predCount[n]!);
  const fill = predCount.slice(0, n);
  for (let v = 0; v < n; v++) {
    if (post[v]! < 0) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += ef)
      if (strong(e)) preds[fill[target(e)]!++] = v;
  }

  // Dominators (Cooper, Harvey and Kennedy), in post-order numbers.
  const UNDEF = -1;
  const idom = new Int32Array(count).fill(UNDEF);
  const root = count - 1;
  idom[root] = root;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (a < b) a = idom[a]!;
      while (b < a) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let p = root - 1; p >= 0; p--) {
      const v = order[p]!;
      // Start from a predecessor finished after this node (its parent in the search is one),
      // so that no node becomes its own dominator through a path back into itself.
      let d = UNDEF;
      for (let k = predCount[v]!; k < predCount[v + 1]!; k++) {
        const q = post[preds[k]!]!;
        if (q > p && idom[q] !== UNDEF) {
          d = q;
          break;
        }
      }
      for (let k = predCount[v]!; k < predCount[v + 1]!; k++) {
        const q = post[preds[k]!]!;
        if (q === p || q === d || idom[q] === UNDEF) continue;
        d = intersect(q, d);
      }
      if (d !== idom[p]) {
        idom[p] = d;
        changed = true;
      }
    }
  }

  // Part roots.
  const partNames = ["other", ...new Set(rules.map((r) => r.part))];
  const partOf = new Uint8Array(count); // by post-order number; 0 is "other"
  const byNodeName = new Map<string, number>();
  const byEdge = new Map<string, Map<string, number>>();
  for (const r of rules) {
    const id = partNames.indexOf(r.part);
    for (const name of r.names ?? []) byNodeName.set(name, id);
    for (const { from, edge } of r.edges ?? []) {
      const m = byEdge.get(from) ?? new Map<string, number>();
      m.set(edge, id);
      byEdge.set(from, m);
    }
  }
  const rootPart = new Uint8Array(count);
  const rootCount = new Map<string, number>();
  for (let p = 0; p < count; p++) {
    const v = order[p]!;
    const name = strings[nodes[v * nf + nName]!]!;
    const id = nodeTypes[nodes[v * nf + nType]!] === "object" ? byNodeName.get(name) : undefined;
    if (id !== undefined && !rootPart[p]) rootPart[p] = id;
    const m = byEdge.get(name);
    if (!m) continue;
    for (let e = firstEdge[v]!; e < firstEdge[v + 1]!; e += ef) {
      if (!stringEdge.has(edges[e + eType]!)) continue;
      const part = m.get(strings[edges[e + eName]!]!);
      if (part !== undefined) rootPart[post[target(e)]!] = part;
    }
  }
  const parts = new Map<string, number>(partNames.map((p) => [p, 0]));
  const byName = new Map<string, { bytes: number; count: number }>();
  const byPartName = new Map<string, { bytes: number; count: number }>();
  const add = (m: typeof byName, key: string, size: number) => {
    const b = m.get(key) ?? { bytes: 0, count: 0 };
    b.bytes += size;
    b.count++;
    m.set(key, b);
  };
  let total = 0;
  // From the root down the dominator tree: a dominator has a higher post-order number.
  for (let p = root; p >= 0; p--) {
    const v = order[p]!;
    if (rootPart[p]) {
      partOf[p] = rootPart[p]!;
      const name = partNames[rootPart[p]!]!;
      rootCount.set(name, (rootCount.get(name) ?? 0) + 1);
    } else partOf[p] = p === root ? 0 : partOf[idom[p]!]!;
    const size = nodes[v * nf + nSize]!;
    total += size;
    const part = partNames[partOf[p]!]!;
    parts.set(part, parts.get(part)! + size);
    const type = nodeTypes[nodes[v * nf + nType]!]!;
    const own = strings[nodes[v * nf + nName]!]!;
    // A closure by its function's name, an internal array by what it is (elements, properties).
    const name =
      type === "object" || type === "native"
        ? own
        : (type === "closure" || type === "array") && own
          ? `(${type}) ${own}`
          : `(${type})`;
    add(byName, name, size);
    add(byPartName, `${part}\t${name}`, size);
  }
  return { total, objects: count, parts, byName, byPartName, roots: rootCount };
}
