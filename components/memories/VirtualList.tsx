// A virtualized list (@tanstack/react-virtual): only the rows in view (plus overscan) are in the DOM, so
// 10,000 memories scroll smoothly (#6, measured in test/e2e/manager.e2e.ts).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { keepFocusItem } from '../shared/useKeepFocus';

interface VirtualListProps<T> {
  items: readonly T[];
  label: string;
  getKey: (item: T) => string;
  render: (item: T) => ReactNode;
  estimate?: number;
  /** A row's accessible name, when its content has none of its own (a conversation's title). */
  rowLabel?: (item: T) => string;
}

/**
 * The list box is as tall as its rows, up to the CSS max-height (#16: a fixed-height box left a large empty area
 * under a short list); the 2 px are its border.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { items, label, getKey, render, estimate = 84, rowLabel } = props;
  const scroller = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders through its own state
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    overscan: 6,
    getItemKey: (i) => (items[i] ? getKey(items[i]) : i),
  });
  return (
    <div
      ref={scroller}
      className="vlist"
      role="list"
      aria-label={label}
      style={{ height: virtual.getTotalSize() + 2 }}
    >
      <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
        {virtual.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (item === undefined) return null;
          const place = { index: row.index, start: row.start, total: items.length };
          return (
            <Row
              key={row.key}
              {...place}
              label={rowLabel?.(item)}
              focusKey={getKey(item)}
              measure={virtual.measureElement}
            >
              {render(item)}
            </Row>
          );
        })}
      </div>
    </div>
  );
}

function Row({
  index,
  start,
  total,
  label,
  focusKey,
  measure,
  children,
}: {
  index: number;
  focusKey: string;
  start: number;
  total: number;
  label?: string;
  measure: (el: HTMLElement | null) => void;
  children: ReactNode;
}) {
  return (
    <div
      role="listitem"
      aria-label={label}
      aria-setsize={total}
      aria-posinset={index + 1}
      data-index={index}
      ref={measure}
      className="vrow"
      {...keepFocusItem(focusKey)}
      style={{ transform: `translateY(${start}px)` }}
    >
      {children}
    </div>
  );
}
