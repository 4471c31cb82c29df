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

  // The error screen and the offline banner
  errorTitle: 'Что-то пошло не так',
  errorText: 'Этот экран не открылся. Попробуйте ещё раз.',
  errorOffline: 'Нет связи с интернетом: экран откроется, когда она вернётся.',
  retry: 'Повторить',
  offline: 'Нет связи: показано то, что уже загружено',

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
