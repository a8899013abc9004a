//! Hand-checked worked examples of the bundled games beside Nsolo: one module per rules
//! file, each pinning the mechanics that set the game apart and the decisions its file
//! takes where the recorded rules leave a point open.

mod bao;
mod bao_ki_arabu;
mod bao_kiswahili;
mod chiana_wa_bwalo;
mod chiana_wa_kunja;
mod chisolo;
mod choro_acholi;
mod choro_lango;
mod hus;
mod ikibuguzo;
mod isolo;
mod kalah;
mod katra;
mod katro_bevohoka;
mod kubuguza;
mod lisolo;
mod makonn;
mod mefuvha;
mod msuwa;
mod muvalavala;
mod mwambulula;
mod mweiso;
mod nchayo;
mod nchuwa;
mod ngolo;
mod ngulungu;
mod njombwa;
mod njombwa_one_counter;
mod njombwa_two_counters;
mod nsolo_ludii;
mod nsumbi;
mod otep;
mod oware;
mod owela;
mod pereauni;
mod quela;
mod quiela;
mod ryakati;
mod spreta;
mod sute;
mod tchela;
mod tshuba;
mod tsoro;
mod tsoro_baia;
