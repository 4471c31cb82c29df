export const expense = {
  // Titles (/group/{groupId}/new-expense, /group/{groupId}/expense/{expenseId})
  newTitle: 'Новый расход',
  editTitle: 'Изменить расход',
  settlementTitle: 'Погашение долга',
  /** The name a settlement is saved with (spec §4). */
  settlementName: 'Погашение долга',

  // Fields
  name: 'Название',
  namePlaceholder: 'Например, ужин в кафе',
  amount: 'Сумма',
  payer: 'Кто платил',
  recipient: 'Кому',
  chooseMember: 'Выберите участника',
  memberYou: '{{name}} (вы)',
  memberRemoved: '{{name}} (удалён)',
  required: 'Обязательное поле',
  amountRequired: 'Введите сумму больше нуля',
  recipientRequired: 'Выберите получателя',
  date: 'Дата',
  dateChip: 'Дата: {{date}}',
  notes: 'Заметка',
  notesPlaceholder: 'Например, что входит в чек',
  addNotes: 'Заметка',

  // Split
  splitTitle: 'Как разделить',
  splitMode: 'Способ разделения',
  modeShares: 'Доли',
  modeAmounts: 'Суммы',
  modePercentages: '%',
  helpSharesLabel: 'Подсказка: доли',
  helpAmountsLabel: 'Подсказка: суммы',
  helpPercentagesLabel: 'Подсказка: проценты',
  helpShares:
    'Доли задают пропорции. Участник с долей 2 платит вдвое больше, чем участник с долей 1. С долей 0 — не участвует.',
  helpAmounts:
    'Укажите, сколько приходится на каждого. Вместе суммы должны составить всю сумму расхода. С суммой 0 — не участвует.',
  helpPercentages:
    'Укажите долю каждого в процентах от суммы, от 0 до 100. Вместе должно получиться 100 %. С 0 % — не участвует.',
  clear: 'Очистить',
  clearLabel: 'Очистить значения',
  shareOf: 'Доля: {{name}}',
  decreaseShare: 'Уменьшить долю: {{name}}',
  increaseShare: 'Увеличить долю: {{name}}',
  amountOf: 'Сумма: {{name}}',
  percentOf: 'Процент: {{name}}',
  resultOf: 'Приходится на участника',
  totalShares: 'Всего долей: {{count}}',
  allocated: 'Распределено {{allocated}} из {{amount}}',
  left: 'осталось {{amount}}',
  over: 'лишние {{amount}}',
  percentTotal: 'Итого {{total}} из {{full}}',
  notAllocated: 'Внимание: распределено не полностью',
  settlementSplit: 'Платёж целиком идёт получателю',
  recipientGets: 'Получает',

  // Actions
  submit: 'Добавить',
  save: 'Сохранить',
  deleteLabel: 'Удалить расход',
  deleteTitle: 'Удалить расход?',
  deleteText: 'Расход «{{name}}» будет удалён, а долги пересчитаны. Это действие нельзя отменить.',
  deleteSettlementText: 'Этот платёж будет удалён, а долги пересчитаны. Это действие нельзя отменить.',
  deleteConfirm: 'Удалить',

  // Toasts (spec §8)
  saved: 'Расход сохранён',
  saveFailed: 'Не удалось сохранить расход',
  updated: 'Расход обновлён',
  updateFailed: 'Не удалось обновить расход',
  deleted: 'Расход удалён',
  deleteFailed: 'Не удалось удалить расход',
  /** ?draft=<id> names a bot draft that is missing, closed or of another group. */
  draftUnavailable: 'Черновик из бота не найден или уже закрыт — заполните расход заново',
  /** Saving found the bot draft closed meanwhile (saved in the bot, say); nothing was added. */
  draftClosed:
    'Черновик из бота уже сохранён, отменён или устарел. Проверьте расходы группы, прежде чем добавлять его снова',

  // States
  notFound: 'Расход не найден',
  notFoundText: 'Возможно, его уже удалили.',
  backToGroup: 'Вернуться в группу',
  groupNotFound: 'Группа не найдена',
  groupNotFoundText: 'Возможно, её удалили или у вас больше нет доступа.',
  backToGroups: 'К списку групп',
} as const;
