import { options, type Ref, type VNode } from "preact";

/**
 * Where Preact's compatibility layer (decision 0024) does less than React DOM, made to match.
 * Imported before anything renders (main.tsx, and the component tests' setup).
 *
 * `autoFocus`: React DOM focuses such an element when it is mounted; Preact only writes the
 * `autofocus` attribute, which browsers honour once per page load, so a dialog's first field
 * would stay unfocused. The element is focused when its ref is set, which Preact does after
 * the whole tree is in the document and before effects run (a dialog's focus trap then finds
 * the focus inside), and only the first time: a new ref on each render must not steal focus.
 */
const focusedOnce = new WeakSet<Element>();

function setRef(ref: Ref<unknown> | null | undefined, value: unknown) {
  if (typeof ref === "function") ref(value);
  else if (ref) ref.current = value;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: boolean };
  if (typeof vnode.type === "string" && props.autoFocus) {
    delete props.autoFocus;
    const ref = vnode.ref;
    vnode.ref = (element: HTMLElement | null) => {
      if (element && !focusedOnce.has(element)) {
        focusedOnce.add(element);
        element.focus();
      }
      setRef(ref, element);
    };
  }
  previousVnodeHook?.(vnode);
};
