/**
 * What a viewport screenshot needs cloned. Cloning copies every element's computed style, which is most of a
 * capture's time, while on a long page most elements are scrolled out of sight. An element is kept when its
 * box comes near the viewport, and so are its ancestors; the children of any other block-level element are
 * left out, the element itself stays (its computed width and height are copied), so the layout of what is
 * visible does not move. Inline elements keep their children: emptying one would re-wrap the lines around it.
 */

/** Boxes this close to the viewport still count: shadows and outlines reach a little past an element's box. */
const MARGIN_PX = 64;

/** Displays whose box keeps its size when its children are left out. */
const BLOCK_LEVEL = /^(block|flow-root|flex|grid|table|list-item)$|^(inline-block|inline-flex|inline-grid|inline-table)$/;

export function screenshotFilter(doc: Document): (node: Node) => boolean {
  const view = doc.defaultView;
  if (!view) return () => true;
  const needed = new Set<Element>();
  const top = -MARGIN_PX;
  const left = -MARGIN_PX;
  const bottom = view.innerHeight + MARGIN_PX;
  const right = view.innerWidth + MARGIN_PX;
  for (const element of Array.from(doc.querySelectorAll('body *'))) {
    if (needed.has(element)) continue;
    const rects = element.getClientRects();
    let near = false;
    for (const rect of Array.from(rects)) {
      if (rect.bottom >= top && rect.top <= bottom && rect.right >= left && rect.left <= right) {
        near = true;
        break;
      }
    }
    if (!near) continue;
    for (let at: Element | null = element; at && !needed.has(at); at = at.parentElement) needed.add(at);
  }
  const prunable = new Map<Element, boolean>();
  const isPrunable = (element: Element) => {
    let answer = prunable.get(element);
    if (answer === undefined) {
      // Shadow trees are not in the walk above: their elements are always cloned.
      answer =
        !needed.has(element) &&
        element.getRootNode() === doc &&
        element !== doc.documentElement &&
        element !== doc.body &&
        BLOCK_LEVEL.test(view.getComputedStyle(element).display);
      prunable.set(element, answer);
    }
    return answer;
  };
  return (node) => {
    const parent = node.parentNode;
    return !(parent instanceof view.Element && isPrunable(parent));
  };
}
