export const landing = {
  getStarted: 'Начать',
  openApp: 'Мои группы',

  // The app's own screens drawn on the landing (its texts, kept here so the page needs no other chunk)
  mockDebtsTitle: 'Кто кому должен',
  mockSettleUp: 'Погасить долг',
  mockToYou: 'вам',
  mockExpensesTitle: 'Расходы',
  mockAddExpense: 'Добавить расход',
  mockYouPaid: 'Вы заплатили {{amount}}',
  mockYouLent: 'вам вернут',
  mockYouBorrowed: 'ваша доля',
  mockNewTitle: 'Новый расход',
  mockName: 'Название',
  mockAmount: 'Сумма',
  mockPayer: 'Кто платил',
  mockMemberYou: '{{name}} (вы)',
  mockSplitTitle: 'Как разделить',
  mockModeShares: 'Доли',
  mockModeAmounts: 'Суммы',
  mockModePercentages: '%',
  mockPercentTotal: 'Итого {{total}} из {{full}}',
  mockSubmit: 'Добавить',

  // Hero
  heroBadge: 'Для пар, друзей, коллег и попутчиков',
  heroTitle: 'Общие расходы\u00a0— честно и до копейки',
  heroPitch:
    'Записывайте траты в приложении или просто напишите боту в Telegram: «пицца 1200 я, Аня, Боря». Доля посчитает, кто кому должен, и сведёт долги к наименьшему числу переводов.',
  heroHow: 'Как это работает',
  heroNote: 'Бесплатно. Вход по почте или ключу доступа.',

  // The example group, the same in every picture of the page
  groupName: 'Поездка в Казань',
  nameMe: 'Демо',
  nameAnya: 'Аня',
  nameBorya: 'Боря',
  itemHotel: 'Гостиница',
  itemTaxi: 'Такси из аэропорта',
  itemPizza: 'Пицца',
  anyaPaid: 'Аня заплатила {{amount}}',
  groupMockCaption:
    'Так выглядит группа «{{group}}» в Доле: Аня должна вам {{anya}}, Боря\u00a0— {{borya}}. Последние расходы\u00a0— гостиница, такси из аэропорта и пицца.',

  // How it works
  howTitle: 'Как это работает',
  step1Title: 'Создайте группу',
  step1Text:
    'Назовите её, выберите валюту и добавьте людей\u00a0— даже тех, у кого ещё нет аккаунта. Остальных позовите по ссылке-приглашению.',
  step2Title: 'Записывайте расходы',
  step2Text:
    'В приложении, в Telegram или одним сообщением боту. Поровну, по долям, точными суммами или в процентах.',
  step3Title: 'Рассчитайтесь',
  step3Text:
    'Доля покажет, кто кому сколько должен, и предложит самый короткий путь: как можно меньше переводов.',

  // Use cases
  casesTitle: 'Для кого Доля',
  casesLead: 'Везде, где деньги общие, а платит кто\u2011то один.',
  caseWhatDolyaDoes: 'Что делает Доля',
  couplesTitle: 'Пары',
  couplesScenario:
    'Аренда, продукты, подписки. Квартиру вы оплачиваете 60\u00a0на\u00a040\u00a0— по доходам, а продукты делите пополам.',
  couplesDolya:
    'У каждого расхода свой способ деления, а общий баланс всегда на виду. Раз в месяц\u00a0— один перевод, и вы в расчёте.',
  friendsTitle: 'Друзья и попутчики',
  friendsScenario:
    'Выходные за городом: Аня бронирует дом, Боря платит за бензин, вы покупаете продукты на всех.',
  friendsDolya:
    'Каждый записывает своё\u00a0— хоть сообщением в общий чат. В конце поездки Доля скажет, кому и сколько перевести.',
  colleaguesTitle: 'Коллеги',
  colleaguesScenario:
    'Обеды в офисе и подарок на день рождения: скидываются восемь человек, а платит кто\u2011то один.',
  colleaguesDolya:
    'Один расход на всех, даже на тех, кто не заводил аккаунт. Видно, кто уже вернул деньги,\u00a0— без таблиц и напоминаний в чате.',

  // AI
  aiKicker: 'ИИ-ассистент',
  aiTitle: 'Пишите расходы как обычное сообщение',
  aiLead:
    'Ассистент разбирает свободный текст и собирает черновик расхода: сумму, кто платил и на кого делить. Вам остаётся проверить и сохранить.',
  aiCasesTitle: 'Имена в любом падеже',
  aiCasesText:
    '«с Аней», «за Борю», «оплачено Игорем»\u00a0— бот узнаёт участников группы, как бы вы их ни написали.',
  aiAmountsTitle: 'Суммы как в жизни',
  aiAmountsText: '«1 200», «2,5к», «350р», «187.90»\u00a0— не нужно подбирать формат.',
  aiCentsTitle: 'Точно до копейки',
  aiCentsText:
    '{{total}} на троих\u00a0— это {{first}}\u00a0+ {{second}}\u00a0+ {{second}}, а не {{rounded}}. Лишняя копейка достаётся тому, кто платил.',
  aiExamplesLabel: 'Примеры: сообщение и черновик, который из него получается',
  aiMessageLabel: 'Сообщение',
  aiDraftLabel: 'Черновик',
  aiMessageTaxi: 'такси 1000 с <name>Аней</name> и <name>Борей</name>',
  aiMessageDinner: '<name>Аня</name> заплатила 2,5к за ужин',
  aiMessageCinema: 'кино 1200 за <name>Аню</name> и <name>Борю</name>',
  aiItemTaxi: 'Такси',
  aiItemDinner: 'Ужин',
  aiItemCinema: 'Кино',
  aiYou: 'вы',
  /** One person's part in a draft: 'Аня 400,00 ₽'. */
  draftShare: '{{name}} {{amount}}',
  aiPaidBy: 'Кто платил: {{name}}',
  aiSharedByLabel: 'Делят:',

  // The bot and the mini app
  botKicker: 'Telegram',
  botTitle: 'Расходы прямо из переписки',
  botLead:
    'Напишите боту, как написали бы друзьям. Он пришлёт черновик, а сохранить его\u00a0— одно нажатие.',
  botChatsTitle: 'В личке и в общем чате',
  botChatsText:
    'Добавьте бота в чат поездки или компании: каждый пишет свои траты, и они попадают в вашу группу в Доле.',
  botMiniAppTitle: 'Мини\u2011приложение',
  botMiniAppText:
    'Вся Доля открывается прямо в Telegram: группы, долги, статистика. Без установки и без пароля.',
  botOpen: 'Открыть бота',
  chatLabel: 'Переписка с ботом Доли в групповом чате Telegram',
  chatMembers: '4 участника',
  chatBotName: 'Доля',
  chatYou: 'Вы',
  chatButtons: 'Кнопки под сообщением',
  botMessage: 'пицца 1200 я, Аня, Боря',
  botDraftTitle: '«{{name}}» — {{amount}}',
  botDraftPaidBy: 'Кто платил: {{name}}',
  botDraftSharedBy: 'Делят: {{list}}',
  botSave: '✅ Сохранить',
  botEdit: '✏️ Изменить',
  botCancel: '✖️ Отмена',
  botSaved: '✅ Сохранено в «{{group}}»',

  // Manual entry
  manualKicker: 'Вручную',
  manualTitle: 'Форма под любой уговор',
  manualLead: 'Когда удобнее записать расход самому, форма подстроится под то, как вы договорились.',
  manualSharesTitle: 'Доли',
  manualSharesText: 'Кто-то ел за двоих? Поставьте ему долю\u00a02\u00a0— и он заплатит вдвое больше.',
  manualAmountsTitle: 'Суммы',
  manualAmountsText: 'Каждому\u00a0— его точная сумма. Форма покажет, сколько ещё осталось распределить.',
  manualPercentTitle: 'Проценты',
  manualPercentText:
    'Гостиница 50/25/25 или аренда 60\u00a0на\u00a040\u00a0— Доля проверит, что вышло ровно 100 %.',
  manualItemsTitle: 'Позиции чека',
  manualItemsText: 'Разнесите чек по строкам: каждая позиция\u00a0— на тех, кто её заказывал.',
  manualSettleTitle: 'Погашение долгов',
  manualSettleText: 'Вернули деньги\u00a0— отметьте платёж, и долги пересчитаются сами.',
  manualFewestTitle: 'Меньше всего переводов',
  manualFewestText: 'Вместо цепочки «Боря\u00a0→\u00a0Аня\u00a0→\u00a0вы»\u00a0— один перевод от Бори вам.',
  manualMore: 'А ещё статистика трат, журнал всех изменений в группе, светлая и тёмная тема.',
  formMockCaption:
    'Форма расхода «{{name}}» на {{amount}}: платили вы, деление в процентах\u00a0— 50, 25 и 25.',

  // Why us
  whyTitle: 'Почему Доля',
  whyLead: 'То, что мы делаем иначе.',
  whyCentsTitle: 'Точно до копейки, всегда',
  whyCentsText:
    'Суммы хранятся в целых копейках, а не в дробных числах, поэтому при делении не теряется ни копейки.',
  whyFewestTitle: 'Наименьшее число переводов',
  whyFewestText:
    'Для групп, где долги есть у\u00a020 человек и меньше, Доля находит точный минимум переводов, а не примерный.',
  whyItemsTitle: 'Чеки по позициям\u00a0— бесплатно',
  whyItemsText: 'Разбивка чека по строкам не спрятана за подпиской.',
  whyTelegramTitle: 'Как дома в Telegram',
  whyTelegramText: 'Бот для чатов, мини\u2011приложение и вход через Telegram\u00a0— без лишних установок.',
  whyLanguagesTitle: 'На русском и английском',
  whyLanguagesText: 'Интерфейс на двух языках, рубли по умолчанию и ещё 160\u00a0валют на выбор.',
  whyOpenDocs: 'Документация API',
  whyOpenTitle: 'Открытый API',
  whyOpenText: 'Группы, расходы и балансы доступны через HTTP API: ваши данные не заперты в приложении.',

  // Call to action and footer
  ctaTitle: 'Заведите первую группу за минуту',
  ctaText: 'Позовите друзей по ссылке или добавьте их сами\u00a0— аккаунт им для этого не нужен.',
  footerTagline: 'Общие расходы без споров.',
  footerLinks: 'Ссылки',
  footerSignIn: 'Войти',
  footerApi: 'Документация API',
  footerBot: 'Бот в Telegram',
  footerCopyright: '© {{year}} Доля',
} as const;
