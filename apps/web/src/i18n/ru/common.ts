export const common = {
  appName: 'Доля',
  loading: 'Загрузка…',
  back: 'Назад',
  cancel: 'Отмена',
  confirm: 'Подтвердить',
  save: 'Сохранить',
  delete: 'Удалить',
  add: 'Добавить',
  close: 'Закрыть',
  help: 'Подсказка',
  genericError: 'Произошла ошибка. Попробуйте ещё раз.',
  you: 'вы',
  shareOf: 'Доля: {{name}}',
  decreaseShare: 'Уменьшить долю: {{name}}',
  increaseShare: 'Увеличить долю: {{name}}',

  // Expense categories, by their stable ids (migration 0001); 'none' for an expense without one
  categories: {
    general: 'Общее',
    food: 'Еда и напитки',
    groceries: 'Продукты',
    transport: 'Транспорт',
    housing: 'Жильё',
    utilities: 'Коммунальные услуги',
    entertainment: 'Развлечения',
    travel: 'Путешествия',
    shopping: 'Покупки',
    health: 'Здоровье',
    gifts: 'Подарки',
    other: 'Другое',
    none: 'Без категории',
  },

  // Header and user menu
  home: 'Доля — на главную',
  notifications: 'Уведомления',
  userMenu: 'Меню пользователя',
  account: 'Аккаунт',
  language: 'Язык',
  theme: 'Тема',
  themeLight: 'Светлая',
  themeDark: 'Тёмная',
  support: 'Поддержка',
  signOut: 'Выйти',
  signedOut: 'Вы вышли из аккаунта',

  // Pull-to-refresh
  pullToRefresh: 'Потяните, чтобы обновить',
  releaseToRefresh: 'Отпустите, чтобы обновить',
  refreshing: 'Обновляем…',

  // The header's way into the bot (spec §1, §2)
  openBot: 'Открыть бота',
  openBotLabel: 'Открыть бота Доли в Telegram',

  // Carousel (the AI dialog)
  slideOf: 'Слайд {{current}} из {{total}}',
  previousSlide: 'Предыдущий слайд',
  nextSlide: 'Следующий слайд',
} as const;
