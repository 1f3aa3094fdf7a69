import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in Arabic, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'جديد',
    accepted: 'مقبول',
    preparing: 'قيد التجهيز',
    delivering: 'تم تسليمه للمندوب',
    ready: 'جاهز للاستلام',
    done: 'مكتمل',
    cancelled: 'ملغى',
  },
  payment_status: {
    none: 'عند الاستلام',
    pending: 'بانتظار الدفع',
    paid: 'مدفوع',
    refunded: 'تم الاسترداد',
    failed: 'فشل الدفع',
  },
  receiving: {
    delivery: 'التوصيل',
    pickup: 'الاستلام الذاتي',
  },
  payment: {
    cash: 'نقدًا',
    card: 'بطاقة لمندوب التوصيل',
    online: 'بطاقة عبر الموقع',
  },
} satisfies Catalogue & Shape<typeof ru>;
