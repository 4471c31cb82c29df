export const telegram = {
  // Toasts (spec §8)
  signedIn: 'Вход через Telegram выполнен',
  signInFailed: 'Ошибка входа через Telegram',
  registered: 'Регистрация через Telegram выполнена',
  registerFailed: 'Не удалось зарегистрироваться через Telegram',
  linked: 'Telegram привязан',
  linkFailed: 'Не удалось привязать внешний аккаунт',
  alreadyLinked: 'Этот внешний аккаунт уже привязан к другому пользователю',
  notLinked: 'Этот аккаунт Telegram не привязан. Войдите на сайте и сначала привяжите Telegram в профиле.',
  noMiniAppData: 'Нет данных мини-приложения Telegram',
  noWidgetData: 'Telegram не передал данные пользователя',
  unexpected: 'Непредвиденная ошибка. Попробуйте ещё раз.',

  // /login in a browser
  signInWithTelegram: 'Войти через Telegram',

  // /telegram-login
  loginTitle: 'Вход через Telegram',
  linkTitle: 'Привязка Telegram',
  loginText: 'Нажмите кнопку ниже и подтвердите вход в Telegram.',
  linkText: 'Нажмите кнопку ниже и подтвердите в Telegram — он будет привязан к вашему аккаунту.',
  widgetUnavailable: 'Не удалось загрузить виджет Telegram. Проверьте подключение к интернету.',
  retry: 'Повторить',
  disabled: 'Вход через Telegram на этом сервере не настроен.',
  otherMethods: 'Другие способы входа',
  backToAccount: 'Вернуться в профиль',
  signInThis: 'Войти с этим Telegram',
  linkThis: 'Привязать этот Telegram',

  // Inside the mini app
  signingIn: 'Входим через Telegram…',
  notLinkedTitle: 'Telegram ещё не привязан',
  notLinkedText:
    'Создайте новый аккаунт через Telegram или войдите в браузере и привяжите Telegram в профиле.',
  failedTitle: 'Не удалось войти через Telegram',
  register: 'Регистрация через Telegram',
  openInBrowser: 'Открыть вход в браузере',
  registerConfirmTitle: 'Создать аккаунт через Telegram?',
  registerConfirmText:
    'Мы создадим новый аккаунт Доли для вашего Telegram. Если аккаунт у вас уже есть, лучше войдите в браузере и привяжите Telegram в профиле.',
  registerConfirm: 'Создать аккаунт',

  // Ways into the bot (spec §1, §2)
  aiButton: 'AI',
  aiButtonLabel: 'AI: расход текстом через бота',
  aiCarouselLabel: 'Расходы текстом через бота',
  aiTitle: 'Расходы одной строкой',
  aiText:
    'Напишите боту в Telegram, что купили, сколько заплатили и с кем делите. AI-помощник разберёт сумму, плательщика и участников, а вы сохраните расход одной кнопкой.',
  aiExampleLabel: 'Например',
  aiExample: 'пицца 1200 я, Аня, Боря',
  aiExampleResult: '«Пицца» на 1 200: заплатили вы, делите поровну с Аней и Борей.',

  // Links into the mini app (startapp)
  draftNotFound: 'Черновик не найден',
};
