import type { Catalogue, Shape } from '../index';
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
  paid_header: '订单 №{id} 已支付',
  paid_desc: '网站在线刷卡支付：{sum} ₽',
  question_header: '关于订单 №{id} 的问题',
  sms_login: '{shop} 的登录验证码：{code}',
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
  },
  seo: {
    to_main: '返回首页',
    in_stock: '有货',
    out_of_stock: '缺货',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "新订单 #{order}，金额 {total}\n{name}，{phone}\n{receiving}：{address}\n{lines}\n付款：{payment}\n备注：{comment}",
    order_confirmation: "订单 #{order} 已收到\n{name}，您好！您在 {shop} 的订单已收到。\n{lines}\n合计：{total}\n{receiving}：{address}",
    order_status: "订单 #{order}：{status}\n您在 {shop} 的订单状态：{status}。",
    question: "关于订单 #{order} 的问题\n{name}，{contact}\n{text}",
    import_failed: "YML 导入失败\n店铺 {shop}：{error}",
    low_stock: "库存不足：{product}\n剩余 {count} 件。",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
