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
} as const;
