// Roll a fair die until two sixes come in a row: the expected number of rolls
// is 42 (exactdp run 2 computes the same run directly).
dtmc

module dice
  last : bool init false; // the last roll was a six
  done : bool init false; // two sixes in a row have come
  [] !done & !last -> 1/6 : (last'=true) + 5/6 : (last'=false);
  [] !done & last -> 1/6 : (done'=true) + 5/6 : (last'=false);
  [] done -> true;
endmodule

rewards "rolls"
  !done : 1;
endrewards

label "two_sixes" = done;
