import type { ItemSplit, Position, SnapshotItem } from '@dolya/domain';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { CheckIcon, MoreIcon, PlusIcon } from '../../ui/icons';
import { ItemSplitDialog } from './ItemSplitDialog';
import {
  addItem,
  assignAll,
  deleteItem,
  editItem,
  type FormItem,
  isOnItem,
  itemsFromSnapshot,
  itemTotals,
  removeAll,
  setItemSplit,
  toggleMemberOnItem,
} from './items-model';
import type { FormMember } from './model';
import { PositionDialog } from './PositionDialog';
import './positions.css';

export interface PositionsProps {
  /** Id of the section, for the positions chip's aria-controls. */
  id: string;
  items: FormItem[];
  onChange(items: FormItem[]): void;
  members: readonly FormMember[];
  memberName(member: FormMember): string;
  currency: string;
  /** The item menu and adding positions: the group's admins and the expense's creator (spec §4). */
  canManage: boolean;
  /** The items as first recognised; with one, a current / original toggle is offered. */
  snapshot?: readonly SnapshotItem[] | null | undefined;
  /** The snapshot's currency: the one the expense was paid in (issue 26); absent, `currency`. */
  snapshotCurrency?: string;
}

type View = 'current' | 'original';

/**
 * Receipt positions (spec §2, §4): member chips above the list; with a member chosen, pressing a
 * position puts them on it or takes them off. The item menu adds, edits, splits and deletes.
 */
export function Positions(props: PositionsProps) {
  const { items, onChange, members, memberName, currency, canManage, snapshot } = props;
  const { t } = useTranslation('expense');
  const uid = useId();
  const [view, setView] = useState<View>('current');
  const [selected, setSelected] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ key?: string } | null>(null);
  const [splitting, setSplitting] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const active = members.filter((m) => !m.removed);
  const memberOrder = members.map((m) => m.id);
  const original = useMemo(() => (snapshot ? itemsFromSnapshot(snapshot) : []), [snapshot]);
  const shown = view === 'original' ? original : items;
  const shownCurrency = view === 'original' ? (props.snapshotCurrency ?? currency) : currency;
  const editing = dialog?.key ? items.find((item) => item.key === dialog.key) : undefined;
  const chosen = active.find((m) => m.id === selected);

  const savePosition = (position: Position) => {
    onChange(dialog?.key ? editItem(items, dialog.key, position, memberOrder) : addItem(items, position));
    setDialog(null);
  };

  return (
    <section className="card expense-card positions" id={props.id} aria-labelledby={`${uid}-title`}>
      <div className="positions-head">
        <h2 className="split-title" id={`${uid}-title`}>
          {t('positions')}
        </h2>
        {snapshot ? (
          <div className="segmented positions-view" role="radiogroup" aria-label={t('positionsView')}>
            {(['current', 'original'] as const).map((option) => (
              <label key={option} className="segmented-option">
                <input
                  type="radio"
                  className="segmented-radio"
                  name={`${uid}-view`}
                  value={option}
                  checked={view === option}
                  onChange={() => setView(option)}
                />
                <span>{option === 'current' ? t('viewCurrent') : t('viewOriginal')}</span>
              </label>
            ))}
          </div>
        ) : null}
      </div>

      {view === 'original' ? (
        <p className="positions-hint muted">{t('originalNote')}</p>
      ) : (
        <>
          <fieldset className="member-chips">
            <legend className="visually-hidden">{t('chipsLabel')}</legend>
            {active.map((m) => (
              <button
                key={m.id}
                type="button"
                className="member-chip"
                aria-pressed={selected === m.id}
                onClick={() => setSelected(selected === m.id ? null : m.id)}
              >
                {selected === m.id ? <CheckIcon size={14} /> : null}
                {m.name}
              </button>
            ))}
          </fieldset>
          <p className="positions-hint muted" aria-live="polite">
            {chosen ? t('chipsHintSelected', { name: chosen.name }) : t('chipsHint')}
          </p>
        </>
      )}

      <PositionList
        items={shown}
        members={members}
        currency={shownCurrency}
        readOnly={view === 'original'}
        selected={view === 'original' ? null : selected}
        canManage={canManage && view === 'current'}
        onToggle={(key) => selected && onChange(toggleMemberOnItem(items, key, selected, memberOrder))}
        onAssignAll={(key) =>
          onChange(
            assignAll(
              items,
              key,
              active.map((m) => m.id),
            ),
          )
        }
        onRemoveAll={(key) => onChange(removeAll(items, key))}
        onEdit={(key) => setDialog({ key })}
        onSplit={(key) => setSplitting(key)}
        onDelete={(key) => {
          onChange(deleteItem(items, key));
          addButton.current?.focus();
        }}
      />

      {canManage && view === 'current' ? (
        <button
          ref={addButton}
          type="button"
          className="btn btn-ghost positions-add"
          onClick={() => setDialog({})}
        >
          <PlusIcon size={18} />
          {t('addPosition')}
        </button>
      ) : null}

      <Totals items={shown} members={members} memberName={memberName} currency={shownCurrency} />

      <PositionDialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? null : setDialog(null))}
        initial={editing}
        onSave={savePosition}
      />
      <ItemSplitDialog
        item={items.find((item) => item.key === splitting) ?? null}
        members={members}
        memberName={memberName}
        currency={currency}
        onClose={() => setSplitting(null)}
        onApply={(split: ItemSplit) => {
          if (splitting) onChange(setItemSplit(items, splitting, split));
          setSplitting(null);
        }}
      />
    </section>
  );
}

interface PositionListProps {
  items: FormItem[];
  members: readonly FormMember[];
  currency: string;
  readOnly: boolean;
  selected: string | null;
  canManage: boolean;
  onToggle(key: string): void;
  onAssignAll(key: string): void;
  onRemoveAll(key: string): void;
  onEdit(key: string): void;
  onSplit(key: string): void;
  onDelete(key: string): void;
}

function PositionList(props: PositionListProps) {
  const { items, members, currency, selected } = props;
  const { t } = useTranslation('expense');
  const { money, percent } = useFormat();
  const memberOrder = members.map((m) => m.id);
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? '?';
  const totals = itemTotals(items, memberOrder);
  if (items.length === 0) return <p className="positions-empty muted">{t('noPositions')}</p>;

  /** Who shares an item, as written: names, or each one's amount, share or percentage. */
  const sharers = (item: FormItem, index: number): string => {
    const part = totals.parts[index] ?? {};
    const ids = memberOrder.filter((id) => Object.hasOwn(part, id));
    if (ids.length === 0) return t('nobodyOnItem');
    switch (item.split.method) {
      case 'members':
        return ids.map(nameOf).join(', ');
      case 'percentages': {
        const { percents } = item.split;
        return ids.map((id) => `${nameOf(id)} ${percent(percents[id] ?? 0)}`).join(' · ');
      }
      default:
        return ids.map((id) => `${nameOf(id)} ${money(part[id] ?? 0, currency)}`).join(' · ');
    }
  };

  return (
    <ul className="position-list">
      {items.map((item, index) => {
        const on = selected !== null && isOnItem(item, selected, memberOrder);
        const body = (
          <>
            <span className="position-name">
              {item.name}
              {item.number !== 1 ? (
                <span className="position-quantity muted"> {t('quantity', { n: item.number })}</span>
              ) : null}
            </span>
            <span className="position-amount">{money(item.amountCents, currency)}</span>
            <span className="position-sharers muted">{sharers(item, index)}</span>
          </>
        );
        return (
          <li key={item.key} className={on ? 'position is-on' : 'position'}>
            {props.readOnly ? (
              <div className="position-main">{body}</div>
            ) : (
              <button
                type="button"
                className="position-main"
                aria-pressed={selected === null ? undefined : on}
                disabled={selected === null}
                onClick={() => props.onToggle(item.key)}
              >
                {body}
              </button>
            )}
            {props.canManage ? <ItemMenu item={item} {...props} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

function ItemMenu(props: PositionListProps & { item: FormItem }) {
  const { t } = useTranslation('expense');
  const { item } = props;
  // Dialogs open once the menu has closed, so focus can go back to this button afterwards.
  const later = (run: () => void) => () => setTimeout(run, 0);
  return (
    // Not modal: a modal menu hides the header and the page (aria-hidden) while they hold
    // focusable elements; the menu still closes on Escape and on a click outside.
    <Menu.Root modal={false}>
      <Menu.Trigger className="icon-btn position-menu-btn" aria-label={t('itemMenu', { name: item.name })}>
        <MoreIcon />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
          <Menu.Label className="menu-label">{item.name}</Menu.Label>
          <Menu.Item className="menu-item" onSelect={() => props.onAssignAll(item.key)}>
            {t('assignAll')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={() => props.onRemoveAll(item.key)}>
            {t('removeAll')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={later(() => props.onEdit(item.key))}>
            {t('editItem')}
          </Menu.Item>
          <Menu.Item className="menu-item" onSelect={later(() => props.onSplit(item.key))}>
            {t('splitItem')}
          </Menu.Item>
          <Menu.Separator className="menu-separator" />
          <Menu.Item
            className="menu-item position-menu-danger"
            onSelect={later(() => props.onDelete(item.key))}
          >
            {t('deleteItem')}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** The totals row: the positions' sum, what nobody is on yet, and each member's sum. */
function Totals(props: {
  items: FormItem[];
  members: readonly FormMember[];
  memberName(member: FormMember): string;
  currency: string;
}) {
  const { items, members, currency } = props;
  const { t } = useTranslation('expense');
  const { money } = useFormat();
  if (items.length === 0) return null;
  const totals = itemTotals(
    items,
    members.map((m) => m.id),
  );
  const sharing = members.filter((m) => totals.perMember[m.id] !== undefined);
  return (
    <div className="positions-totals">
      <p className="positions-sum">
        <strong>{t('itemsTotal', { amount: money(totals.totalCents, currency) })}</strong>
        {totals.unassignedCents > 0 ? (
          <span className="warning">
            {' '}
            · {t('unassigned', { amount: money(totals.unassignedCents, currency) })}
          </span>
        ) : null}
      </p>
      {sharing.length > 0 ? (
        <ul className="positions-members" aria-label={t('perMember')}>
          {sharing.map((m) => (
            <li key={m.id}>
              <span>{props.memberName(m)}</span>
              <span className="positions-member-sum">{money(totals.perMember[m.id] ?? 0, currency)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
