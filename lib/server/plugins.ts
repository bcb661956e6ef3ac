import "server-only";
// The composition root: loads every domain's plug-ins into the services they register with
// (payment purposes today). Import it where any kind of record may be involved (the payment
// webhook); a domain working on its own records imports only its own handler file.
import "@/lib/server/booking/booking-payment-handler";
import "@/lib/server/prescriptions/prescription-payment-handler";
