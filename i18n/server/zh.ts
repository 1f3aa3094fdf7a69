import type { Catalogue, Shape } from '../index';
import common from '../common/zh';
import orderTexts from '../orders/zh';
import storefront from '../storefront/zh';
import type ru from './ru';

/** Texts the server itself sends, in Chinese; the same keys as ru.ts. */
export default {
  new_order_header: '新订单 №{id}',
  new_order_desc: '{name}，{sum} ₽，{receiving}',
  no_name: '无名',
  receiving_pickup: '自取',
  receiving_delivery: '配送',
  order_header: '订单 №{id}',
  status_desc: '订单状态：{status}',
  statuses: orderTexts.status,
  paid_header: '订单 №{id} 已支付',
  paid_desc: '网站在线刷卡支付：{sum} ₽',
  question_header: '关于订单 №{id} 的问题',
  sms_login: '{shop} 的登录验证码：{code}',
  sms_login_plain: '您的登录验证码：{code}',
  no_shop_title: '这里没有商店',
  no_shop_text: '此地址没有开设任何商店。请检查地址；如果这是您的商店，请在设置中验证域名。',
  signin_guessed_header: '有人在猜测您的登录验证码',
  signin_guessed_desc: '一天内您的号码输入了 {count} 次错误验证码；达到 {budget} 次后将暂停登录一天',
  payment_description: '订单 №{id}',
  export: {
    headers: {
      id: '№',
      date: '日期',
      created: '创建时间',
      status: '状态',
      payment: '支付方式',
      payment_status: '支付状态',
      receiving: '取货方式',
      place: '门店',
      client: '客户',
      phone: '电话',
      email: '电子邮件',
      address: '地址',
      products: '商品',
      goods: '商品金额',
      discount: '折扣',
      promo: '优惠码',
      delivery: '配送费',
      total: '合计',
    },
    house: '{value} 号楼',
    entrance: '{value} 单元',
    appart: '{value} 室',
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: '返回首页',
    in_stock: '有货',
    out_of_stock: '缺货',
    catalogue: storefront.catalog.catalog,
    search: storefront.search.title,
    info: {
      about_company: storefront.menu.about_company,
      delivery: storefront.menu.delivery,
      payment: storefront.menu.payment,
      contacts: storefront.menu.contacts,
    },
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    signin_guessed: '有人正在尝试猜测您手机号的登录验证码\n在一天内，您作为“{shop}”店主的手机号被输入了 {count} 次错误验证码。错误达到 {budget} 次后，该号码的登录将暂停一天。如果不是您本人操作，请勿向任何人透露短信验证码。',
    new_order: "新订单 #{order}，金额 {total}\n{name}，{phone}\n{receiving}：{address}\n{lines}\n付款：{payment}\n备注：{comment}",
    order_confirmation: "订单 #{order} 已收到\n{name}，您好！您在 {shop} 的订单已收到。\n{lines}\n合计：{total}\n{receiving}：{address}",
    order_status: "订单 #{order}：{status}\n您在 {shop} 的订单状态：{status}。",
    question: "关于订单 #{order} 的问题\n{name}，{contact}\n{text}",
    import_failed: "YML 导入失败\n店铺 {shop}：{error}",
    low_stock: "库存不足：{product}\n剩余 {count} 件。",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
