import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A small disclosure menu ("More") built on <details>: it opens with a click or Enter like any
 * <details>, and closes as menus do, on Escape (focus back on its button), on a click or tap
 * outside it, and once an item is chosen.
 */
export function Menu({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    // An item chosen (by click, tap, Enter or Space: all are clicks) has done the menu's job.
    const chosen = (event: Event) => {
      if (ref.current && (event.target as HTMLElement).closest('.menu__item')) ref.current.open = false;
    };
    const details = ref.current;
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    details?.addEventListener('click', chosen);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
      details?.removeEventListener('click', chosen);
    };
  }, []);

  return (
    <details ref={ref} className="menu">
      <summary className="button button--small button--secondary">{label}</summary>
      <div className="menu__items">{children}</div>
    </details>
  );
}
