import { Icon, type IconProps } from '../../ui/icons';

/**
 * Rename, in the members' menu. Kept beside its one use rather than in ui/icons: that module is
 * part of the group page's first screen, whose JavaScript has a budget (scripts/size-budget.mjs).
 */
export function PencilIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </Icon>
  );
}
