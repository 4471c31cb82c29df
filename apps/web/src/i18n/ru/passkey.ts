export const passkey = {
  // /login
  signIn: 'Войти с Passkey',
  signingIn: 'Ждём Passkey…',
  signedIn: 'Вход по Passkey выполнен',
  signInFailed: 'Ошибка входа по Passkey',

  // The passkey-name dialog (a new account when sign-in finds no passkey)
  nameTitle: 'Создать Passkey',
  nameMessage:
    'На этом устройстве нет Passkey для Доли. Придумайте имя: мы создадим аккаунт с входом по Passkey, а имя станет вашим именем пользователя.',
  nameLabel: 'Имя',
  nameHint: 'От 3 до 32 латинских букв, цифр, точек или подчёркиваний',
  enterName: 'Введите имя',
  nameInvalid: 'Используйте от 3 до 32 латинских букв, цифр, точек или подчёркиваний',
  nameTaken: 'Это имя пользователя занято',
  cancel: 'Отмена',
  continue: 'Продолжить',
  creating: 'Создаём…',
  created: 'Passkey создан',
  createFailed: 'Ошибка создания Passkey',

  // The passkey line on /account
  title: 'Passkey',
  notLinked: 'Не привязан',
  linkedSingle: 'Привязан',
  linkedCount: 'Привязано: {{count}}',
  retry: 'Повторить',
  statusFailed: 'Не удалось узнать, привязан ли Passkey',
  link: 'Привязать',
  linkLabel: 'Привязать Passkey',
  linking: 'Привязываем…',
  linked: 'Passkey привязан',
  alreadyLinked: 'Этот Passkey уже привязан',
  linkFailed: 'Не удалось привязать Passkey',
  unlink: 'Отвязать',
  unlinkLabel: 'Отвязать Passkey',
  unlinkTitle: 'Отвязать Passkey?',
  unlinkText:
    'Все Passkey будут отвязаны от аккаунта, и войти с ними больше не получится, пока вы не привяжете Passkey снова.',
  unlinked: 'Passkey отвязан',
  unlinkFailed: 'Не удалось отвязать аккаунт или Passkey',
  lastMethod: 'Нельзя отвязать последний способ входа. Сначала добавьте другой.',
} as const;
