import { type ComponentProps, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * What happened to a stand-in before the real control arrived: pressed (open it at once) and
 * focused (move the focus to the real trigger).
 */
export interface Handoff {
  open: boolean;
  focus: boolean;
}

export const createHandoff = (): Handoff => ({ open: false, focus: false });

/**
 * A header control whose library (a Radix menu, popover or dialog, with focus trap, scroll lock and
 * positioning) is fetched after the first screen (issue 14): until it is in, this button looks and
 * is named the same. A press is remembered in `handoff` and opens the real control as it arrives.
 */
export function StandInButton({
  handoff,
  ...props
}: Omit<ComponentProps<'button'>, 'onClick' | 'onPointerDown' | 'onKeyDown' | 'type'> & {
  handoff: Handoff;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // Runs as the real control replaces the stand-in, while the button is still in the page.
  useLayoutEffect(
    () => () => {
      handoff.focus = document.activeElement === ref.current;
    },
    [handoff],
  );
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={false}
      {...props}
      // As the real triggers: Radix's menu opens on the press itself, the others on the click. The
      // press counts too because the real control may replace this one before the click lands.
      onPointerDown={(event) => {
        if (event.button === 0) handoff.open = true;
      }}
      onClick={() => {
        handoff.open = true;
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') handoff.open = true;
      }}
    />
  );
}

/**
 * In the real control: its open state, starting open when the stand-in was pressed (also in the
 * moment between the real control's render and its commit, which a concurrent render leaves open),
 * and the focus moved from the stand-in to `trigger`.
 */
export function useHandoff(
  handoff: Handoff,
  trigger: RefObject<HTMLElement | null>,
): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => handoff.open);
  useEffect(() => {
    if (handoff.open) setOpen(true);
    else if (handoff.focus) trigger.current?.focus();
    handoff.open = false;
    handoff.focus = false;
  }, [handoff, trigger]);
  return [open, setOpen];
}
