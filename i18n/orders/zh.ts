import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in Chinese, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: '新订单',
    accepted: '已接单',
    preparing: '备货中',
    delivering: '已交给快递员',
    ready: '可以自取',
    done: '已完成',
    cancelled: '已取消',
  },
  payment_status: {
    none: '货到付款',
    pending: '待支付',
    paid: '已支付',
    refunded: '已退款',
    failed: '支付失败',
  },
  receiving: {
    delivery: '配送',
    pickup: '自取',
  },
  payment: {
    cash: '现金',
    card: '向配送员刷卡',
    online: '网站在线刷卡',
  },
} satisfies Catalogue & Shape<typeof ru>;
