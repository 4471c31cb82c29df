export const friends = {
  // /account friends section (spec §2, §5, §8)
  title: 'Друзья',
  help: 'Друзей можно добавлять в свои группы в одно касание',
  helpLabel: 'О друзьях',
  usernameLabel: 'Имя пользователя друга',
  usernamePlaceholder: 'username',
  add: 'Добавить',
  usernameRequired: 'Имя пользователя обязательно',
  notFound: 'Пользователь с таким именем не найден',
  genericError: 'Произошла ошибка. Попробуйте ещё раз.',
  addFailed: 'Не удалось добавить друга',
  added: 'Друг добавлен',
  removed: 'Друг удалён',
  removeFailed: 'Произошла ошибка. Попробуйте ещё раз.',
  remove: 'Удалить {{name}} из друзей',
  empty: 'Друзей пока нет',

  // Settings: add from friends, row actions (spec §2)
  fromFriends: 'Из друзей',
  noFriends: 'Друзей пока нет. Добавьте их на странице аккаунта.',
  addToGroup: 'Добавить {{name}} в группу',
  alreadyInGroup: 'уже в группе',
  memberAdded: '{{name}} добавлен(а) в группу',
  memberAddFailed: 'Не удалось добавить участника',
  blockedByUser: 'Этот пользователь запретил добавлять себя в группы',
  addToFriends: 'Добавить в друзья',
  alreadyFriends: 'Уже в друзьях',
};
