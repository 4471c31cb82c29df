/** The installed app's update, and the writes queued while offline (issue 27). */
export const offline = {
  updateReady: 'Вышла новая версия Доли',
  updateReload: 'Обновить',
  queuedToast: 'Нет связи: расход сохранён на телефоне и отправится, когда связь вернётся',
  queuedPaymentToast: 'Нет связи: платёж сохранён на телефоне и отправится, когда связь вернётся',
  waiting: 'Ждёт отправки',
  refused: 'Не сохранено: {{reason}}',
  editOf: 'Изменение: {{name}}',
  deleteOf: 'Удаление: {{name}}',
  queuedDeleteToast: 'Нет связи: расход удалится, когда связь вернётся',
  payment: 'Платёж',
  paymentOf: 'Платёж: {{from}} → {{to}}',
  fixPaymentTitle: 'Исправить платёж',
  fix: 'Исправить',
  discard: 'Отменить',
  discardLabel: 'Отменить неотправленное: {{name}}',
  discarded: 'Неотправленная запись отменена',
  fixNotice:
    'Изменение, сделанное без связи, не сохранено: {{reason}}. Оно заполнено ниже — проверьте и сохраните.',
  reasonConflict: 'расход успели изменить или удалить',
  reasonMember: 'кого-то из участников уже нет в группе',
  reasonAccess: 'у вас больше нет доступа к группе',
  reasonInvalid: 'сервер не принял данные',
  reasonOther: 'сервер отказал',
  // A screen never opened on this device, opened offline: nothing kept to show
  notKeptTitle: 'Нет связи',
  notKeptGroup:
    'Эта группа ещё не открывалась на этом устройстве, поэтому без связи её нечем показать. Она откроется сама, когда связь вернётся.',
  notKeptExpense:
    'Этот расход ещё не открывался на этом устройстве, поэтому без связи его нечем показать. Он откроется сам, когда связь вернётся.',
};
