/**
 * The incremental sort order behind iteration after a mutation: the distinct lowercase names of
 * a header list in code unit order (= byte order), each weighted by its entries in the
 * sort-and-combine view (1, or the number of set-cookie values), in a treap with subtree
 * weights. Adding, removing and reweighing a name and finding view entry `i` cost O(log n)
 * expected, so a `next()` after a mutation costs O(log n), not an O(n log n) re-sort.
 * Nodes built from a sorted list get their subtree height as priority (balanced, heap-ordered);
 * nodes inserted later a pseudo-random one, so their expected depth is logarithmic.
 *
 * @module
 */

import { MathRandom } from "./primordials.ts";

/** One distinct name. */
class OrderNode {
  name: string;
  /** Entries this name contributes to the view. */
  weight: number;
  /** Sum of the weights in this subtree. */
  size: number;
  priority: number;
  left: OrderNode | null = null;
  right: OrderNode | null = null;

  constructor(name: string, weight: number, priority: number) {
    this.name = name;
    this.weight = weight;
    this.size = weight;
    this.priority = priority;
  }
}

function sizeOf(node: OrderNode | null): number {
  return node === null ? 0 : node.size;
}

function resize(node: OrderNode): void {
  node.size = node.weight + sizeOf(node.left) + sizeOf(node.right);
}

/** xorshift32 state; never 0. */
let seed = (MathRandom() * 0xffffffff) | 1;

/** A pseudo-random priority in [0, 1). */
function randomPriority(): number {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
}

/** Out-parameters of {@link split}. */
let splitLeft: OrderNode | null = null;
let splitRight: OrderNode | null = null;

/** Splits `node`'s subtree into names below `name` and names above it (`name` is absent). */
function split(node: OrderNode | null, name: string): void {
  if (node === null) {
    splitLeft = null;
    splitRight = null;
  } else if (node.name < name) {
    split(node.right, name);
    node.right = splitLeft;
    resize(node);
    splitLeft = node;
  } else {
    split(node.left, name);
    node.left = splitRight;
    resize(node);
    splitRight = node;
  }
}

function insertNode(node: OrderNode | null, added: OrderNode): OrderNode {
  if (node === null) return added;
  if (added.priority > node.priority) {
    split(node, added.name);
    added.left = splitLeft;
    added.right = splitRight;
    resize(added);
    return added;
  }
  if (added.name < node.name) node.left = insertNode(node.left, added);
  else node.right = insertNode(node.right, added);
  node.size += added.weight;
  return node;
}

/** Sets the weight of `name`, which is in `node`'s subtree; returns the change. */
function reweighNode(node: OrderNode, name: string, weight: number): number {
  let change: number;
  if (node.name === name) {
    change = weight - node.weight;
    node.weight = weight;
  } else {
    change = reweighNode((name < node.name ? node.left : node.right) as OrderNode, name, weight);
  }
  node.size += change;
  return change;
}

/** A balanced subtree of `names[low..high)` (sorted), with heap-ordered priorities. */
function buildNode(
  names: readonly string[],
  low: number,
  high: number,
  weightOf: (name: string) => number,
): OrderNode | null {
  if (low >= high) return null;
  const middle = (low + high) >>> 1;
  const left = buildNode(names, low, middle, weightOf);
  const right = buildNode(names, middle + 1, high, weightOf);
  const leftHeight = left === null ? 0 : left.priority;
  const rightHeight = right === null ? 0 : right.priority;
  const node = new OrderNode(
    names[middle],
    weightOf(names[middle]),
    1 + (leftHeight > rightHeight ? leftHeight : rightHeight),
  );
  node.left = left;
  node.right = right;
  resize(node);
  return node;
}

/** The sorted distinct names of one header list with their view weights. */
export class NameOrder {
  #root: OrderNode | null;
  /** Nodes in the tree, removed names (weight 0) included. */
  #nodes: number;
  /** Names removed since the tree was built (some may have come back). */
  #removals = 0;
  /** The name of the entry found by the last successful {@link NameOrder.select}. */
  selectedName = "";
  /** Which of that name's entries it is (0 unless the name is set-cookie). */
  selectedOffset = 0;

  /** An order over `names`, which must be sorted and distinct; null makes {@link NO_ORDER}. */
  constructor(names: readonly string[] | null, weightOf: (name: string) => number) {
    this.#nodes = names === null ? 0 : names.length;
    this.#root = names === null ? null : buildNode(names, 0, names.length, weightOf);
  }

  /** Entries in the view: the sum of the weights. */
  get size(): number {
    return sizeOf(this.#root);
  }

  /** Whether removed names outnumber half the nodes (a fresh order then keeps the tree small). */
  get worn(): boolean {
    return 2 * this.#removals > this.#nodes;
  }

  /** Adds `name` with `weight`, or sets its weight if present. O(log n) expected. */
  upsert(name: string, weight: number): void {
    let node = this.#root;
    while (node !== null && node.name !== name) node = name < node.name ? node.left : node.right;
    if (node === null) {
      this.#root = insertNode(this.#root, new OrderNode(name, weight, randomPriority()));
      this.#nodes++;
    } else if (node.weight !== weight) {
      reweighNode(this.#root as OrderNode, name, weight);
    }
  }

  /** Removes `name`, which is present: its node stays, with weight 0. O(log n) expected. */
  remove(name: string): void {
    reweighNode(this.#root as OrderNode, name, 0);
    this.#removals++;
  }

  /** Finds view entry `rank` into `selectedName`, `selectedOffset`; false ("", 0) past the end. */
  select(rank: number): boolean {
    let node = this.#root;
    let remaining = rank;
    while (node !== null) {
      const leftSize = sizeOf(node.left);
      if (remaining < leftSize) {
        node = node.left;
      } else if (remaining - leftSize < node.weight) {
        this.selectedName = node.name;
        this.selectedOffset = remaining - leftSize;
        return true;
      } else {
        remaining -= leftSize + node.weight;
        node = node.right;
      }
    }
    this.selectedName = "";
    this.selectedOffset = 0;
    return false;
  }

  /** Calls `visit` with every present name in order (an explicit stack, no recursion). */
  forEachName(visit: (name: string) => void): void {
    const stack: OrderNode[] = [];
    let node = this.#root;
    while (node !== null || stack.length > 0) {
      while (node !== null) {
        stack[stack.length] = node;
        node = node.left;
      }
      const top = stack[stack.length - 1];
      stack.length--;
      if (top.weight > 0) visit(top.name);
      node = top.right;
    }
  }
}

/** The order of every Headers that has not needed one: empty, and never written. */
export const NO_ORDER: NameOrder = new NameOrder(null, () => 0);
