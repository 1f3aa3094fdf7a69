import type { Catalogue } from '../index';

/**
 * Texts the server itself sends, in Russian: owner and customer notifications, the login SMS, the payment
 * description, the order export and the noscript/SEO part of the served pages (server/errors.ts serverText).
 */
export default {
  new_order_header: 'Новый заказ №{id}',
  new_order_desc: '{name}, {sum} р., {receiving}',
  no_name: 'Без имени',
  receiving_pickup: 'самовывоз',
  receiving_delivery: 'доставка',
  order_header: 'Заказ №{id}',
  status_desc: 'Статус заказа: {status}',
  paid_header: 'Заказ №{id} оплачен',
  paid_desc: 'Оплата картой на сайте: {sum} р.',
  question_header: 'Вопрос по заказу №{id}',
  sms_login: 'Код для входа в {shop}: {code}',
  sms_login_plain: 'Код для входа: {code}',
  no_shop_title: 'Здесь нет магазина',
  no_shop_text: 'По этому адресу не открыт ни один магазин. Проверьте адрес; если это ваш магазин, подтвердите домен в настройках.',
  signin_guessed_header: 'Подбор кода входа к вашему номеру',
  signin_guessed_desc: 'За сутки введено {count} неверных кодов для вашего номера; после {budget} вход с него приостанавливается на сутки',
  payment_description: 'Заказ №{id}',
  export: {
    headers: {
      id: '№',
      date: 'Дата',
      created: 'Создан',
      status: 'Статус',
      payment: 'Оплата',
      payment_status: 'Статус оплаты',
      receiving: 'Получение',
      place: 'Точка',
      client: 'Клиент',
      phone: 'Телефон',
      email: 'E-mail',
      address: 'Адрес',
      products: 'Товары',
      goods: 'Сумма товаров',
      discount: 'Скидка',
      promo: 'Промокод',
      delivery: 'Доставка',
      total: 'Итого',
    },
    house: 'д. {value}',
    entrance: 'под. {value}',
    floor: 'эт. {value}',
    flat: 'кв. {value}',
  },
  seo: {
    to_main: 'На главную',
    in_stock: 'в наличии',
    out_of_stock: 'нет в наличии',
    no_longer_sold: "товар больше не продаётся",
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    signin_guessed: 'Кто-то подбирает код входа к вашему номеру\nНа ваш номер владельца магазина «{shop}» за сутки введено {count} неверных кодов. После {budget} неверных кодов вход с этого номера приостанавливается на сутки. Если это были не вы, никому не сообщайте коды из SMS.',
    new_order: "Новый заказ №{order} на {total} р.\n{name}, {phone}\n{receiving}: {address}\n{lines}\nОплата: {payment}\nКомментарий: {comment}",
    order_confirmation: "Заказ №{order} принят\nЗдравствуйте, {name}! Ваш заказ в магазине «{shop}» принят.\n{lines}\nИтого: {total} р.\n{receiving}: {address}",
    order_status: "Заказ №{order}: {status}\nСтатус вашего заказа в магазине «{shop}»: {status}.",
    question: "Вопрос по заказу №{order}\n{name}, {contact}\n{text}",
    import_failed: "Импорт YML не удался\nМагазин «{shop}»: {error}",
    low_stock: "Товар заканчивается: {product}\nОсталось {count} шт.",
    none: "—",
  },
} satisfies Catalogue;
