// A gamble won with probability 1 - 2^-60 and otherwise lost for good. The
// expected number of rounds until the win is infinite (PRISM and Storm print
// Infinity): the gamble is lost with positive probability, however small,
// though in double 1 - 2^-60 rounds to 1.
dtmc

module gamble
  s : [0..2] init 0; // 0 playing, 1 won, 2 lost
  [] s=0 -> 1152921504606846975/1152921504606846976 : (s'=1) + 1/1152921504606846976 : (s'=2);
  [] s>0 -> true;
endmodule

rewards "rounds"
  s=0 : 1;
endrewards

label "won" = s=1;
