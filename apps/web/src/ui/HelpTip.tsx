import * as Popover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A "?" button that shows a short explanation; a popover, so it works on touch screens too. */
export function HelpTip({ children, label }: { children: ReactNode; label?: string }) {
  const { t } = useTranslation();
  return (
    <Popover.Root>
      <Popover.Trigger className="help-tip" aria-label={label ?? t('help')}>
        ?
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="popover" sideOffset={6} collisionPadding={8}>
          {children}
          <Popover.Arrow className="popover-arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
