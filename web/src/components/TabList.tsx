/**
 * A row of tabs as the WAI-ARIA tabs pattern has it (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab in
 * the page's tab order (roving tabindex), the arrow keys, Home and End move to the next tab and show it (automatic
 * activation), and a tab with nothing behind it is disabled, so the arrows pass over it.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabItem<Name extends string> {
  name: Name;
  /** What the tab says beyond its name (a count). */
  extra?: ReactNode;
  disabled?: boolean;
}

interface Props<Name extends string> {
  label: string;
  tabs: readonly TabItem<Name>[];
  selected: Name;
  onSelect: (name: Name) => void;
  /** The tab's id; its panel is labelled by it. */
  idOf: (name: Name) => string;
  panelIdOf: (name: Name) => string;
}

export function TabList<Name extends string>({ label, tabs, selected, onSelect, idOf, panelIdOf }: Props<Name>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const at = enabled.findIndex((tab) => tab.name === selected);
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
    let next: TabItem<Name> | undefined;
    if (event.key in step) next = enabled[(at + step[event.key]! + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next.name);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(next.name))}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs" ref={list} onKeyDown={onKeyDown}>
      {tabs.map(({ name, extra, disabled }) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={idOf(name)}
          aria-selected={selected === name}
          aria-controls={panelIdOf(name)}
          tabIndex={selected === name ? 0 : -1}
          disabled={disabled}
          onClick={() => onSelect(name)}
        >
          {name}
          {extra}
        </button>
      ))}
    </div>
  );
}
