import { createElement, options, type ComponentType, type VNode } from 'preact';

/**
 * What the widget's build gives the shared chat code for `react` (rollup.config.mjs; the widget's
 * tests alias it too): plain Preact with its hooks, plus the four things of React's the chat relies
 * on, in place of preact/compat (≈1.1 KB gzip of the panel's 32 KB budget, for features it never uses).
 * 1. memo (MessageBubble's Markdown); 2. a textarea's onChange fires on every keystroke, as React's
 * does (the DOM's change event waits for blur); 3. camelCase SVG stroke attributes (icons.tsx);
 * 4. event.nativeEvent (the Composer's IME check, the panel's focus trap).
 * Anything else of React's the shared chat code starts to use must be added here, or the widget's
 * tests and browser tests fail.
 */
export { createContext } from 'preact';
export * from 'preact/hooks';

type Props = Record<string, unknown>;

/** Re-renders the component only when a prop changed (shallow), like React.memo without a comparer. */
export function memo<P extends Props>(component: ComponentType<P>): ComponentType<P> {
  function Memoed(this: { props: P; shouldComponentUpdate?: (next: P) => boolean }, props: P) {
    this.shouldComponentUpdate = (next) => Object.keys(next).some((key) => next[key] !== this.props[key]);
    return createElement(component, props);
  }
  return Memoed as ComponentType<P>;
}

const previousVnode = options.vnode;
options.vnode = (vnode: VNode<Props>) => {
  const props = vnode.props;
  if (typeof vnode.type === 'string') {
    for (const name in props) {
      if (name === 'onChange' && vnode.type === 'textarea') props.onInput = props[name];
      else if (/^stroke[A-Z]/.test(name)) props[name.replace(/[A-Z]/, (c) => `-${c.toLowerCase()}`)] = props[name];
      else continue;
      delete props[name];
    }
  }
  previousVnode?.(vnode);
};

const previousEvent = options.event;
options.event = (event: Event) => {
  const e = (previousEvent ? previousEvent(event) : event) as Event & { nativeEvent?: Event };
  e.nativeEvent = e;
  return e;
};
