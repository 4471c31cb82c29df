import type { ReactNode } from 'react';
import './AccountRow.css';

/**
 * One line of the linked-accounts section: a badge, the method's name, its state (an email, or
 * "not linked"), and its action on the right. The passkey row can use it too.
 */
export function AccountRow(props: {
  badge: ReactNode;
  title: string;
  detail: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="account-row">
      <span className="account-badge" aria-hidden="true">
        {props.badge}
      </span>
      <span className="account-row-main">
        <span className="account-row-title">{props.title}</span>
        <span className="account-row-detail muted">{props.detail}</span>
      </span>
      {props.action ? <span className="account-row-action">{props.action}</span> : null}
    </div>
  );
}
